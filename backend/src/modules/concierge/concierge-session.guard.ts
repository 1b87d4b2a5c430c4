import { CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AppError } from '../../common/app-error';
import { CONCIERGE_COOKIE, ConciergeSessionService } from './concierge-session.service';

/**
 * The session's sign-out check on its way (a Redis round trip): `signedIn` answers true while the
 * session is not signed out. Held in an object because Nest awaits a promise a route parameter
 * is, which would put the round trip back before the route.
 */
export interface SessionCheck {
  signedIn: Promise<boolean>;
}

type SessionRequest = Request & { conciergeSessionId?: string; conciergeSessionCheck?: SessionCheck };

export const SESSION_ENDED = 'Your concierge session has ended. Please enter the password again.';
const AWAITS_SESSION_CHECK = 'concierge:awaits-session-check';

/**
 * Marks a route that awaits the session's sign-out check itself (ConciergeSessionLive), beside its
 * own first round trip, and does nothing for the member before it has answered true. Only for a
 * route whose first wait is worth saving: the members' chat reply.
 */
export const AwaitsSessionCheck = () => SetMetadata(AWAITS_SESSION_CHECK, true);

/** Lets a request through only with a valid, not signed-out concierge session cookie. */
@Injectable()
export class ConciergeSessionGuard implements CanActivate {
  constructor(
    private readonly sessions: ConciergeSessionService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SessionRequest>();
    const cookies = (request.cookies ?? {}) as Record<string, unknown>;
    const session = this.sessions.check(cookies[CONCIERGE_COOKIE]);
    if (!session) throw AppError.unauthorized(SESSION_ENDED);
    request.conciergeSessionId = session.id;
    if (this.reflector.get<boolean>(AWAITS_SESSION_CHECK, context.getHandler())) {
      // Awaited by the route; a request refused before it gets there (400) leaves it unread.
      session.live.catch(() => undefined);
      request.conciergeSessionCheck = { signedIn: session.live };
      return true;
    }
    if (!(await session.live)) throw AppError.unauthorized(SESSION_ENDED);
    return true;
  }
}

/** The id of the concierge session the guard let through. */
export const ConciergeSessionId = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const id = context.switchToHttp().getRequest<SessionRequest>().conciergeSessionId;
  if (!id) throw AppError.unauthorized(SESSION_ENDED);
  return id;
});

/** On a route marked AwaitsSessionCheck: the session's sign-out check, for the route to await. */
export const ConciergeSessionCheck = createParamDecorator((_: unknown, context: ExecutionContext): SessionCheck => {
  const check = context.switchToHttp().getRequest<SessionRequest>().conciergeSessionCheck;
  if (!check) throw AppError.unauthorized(SESSION_ENDED);
  return check;
});
