import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppError } from '../../common/app-error';
import { CONCIERGE_COOKIE, ConciergeSessionService } from './concierge-session.service';

type SessionRequest = Request & { conciergeSessionId?: string };

export const SESSION_ENDED = 'Your concierge session has ended. Please enter the password again.';

/** Lets a request through only with a valid, not signed-out concierge session cookie. */
@Injectable()
export class ConciergeSessionGuard implements CanActivate {
  constructor(private readonly sessions: ConciergeSessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SessionRequest>();
    const cookies = (request.cookies ?? {}) as Record<string, unknown>;
    const id = await this.sessions.sessionId(cookies[CONCIERGE_COOKIE]);
    if (!id) throw AppError.unauthorized(SESSION_ENDED, undefined, 'SESSION_ENDED');
    request.conciergeSessionId = id;
    return true;
  }
}

/** The id of the concierge session the guard let through. */
export const ConciergeSessionId = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const id = context.switchToHttp().getRequest<SessionRequest>().conciergeSessionId;
  if (!id) throw AppError.unauthorized(SESSION_ENDED, undefined, 'SESSION_ENDED');
  return id;
});
