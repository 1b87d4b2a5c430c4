import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppError } from '../../common/app-error';
import { ConciergeSessionService } from './concierge-session.service';

/**
 * A request the guard let through: `conciergeSessionId` is its owner key (`member:<memberId>` for
 * a member, the house-password session's id otherwise); `memberSessionId` the member's session on
 * this device, when a member.
 */
export type SessionRequest = Request & { conciergeSessionId?: string; memberSessionId?: string };

export const SESSION_ENDED = 'Your concierge session has ended. Please enter the password again.';

/**
 * Lets a request through with a live member session (the `mf_member` cookie, checked in the
 * database on every request) or, failing that, a valid, not signed-out house-password session.
 */
@Injectable()
export class ConciergeSessionGuard implements CanActivate {
  constructor(private readonly sessions: ConciergeSessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SessionRequest>();
    const owner = await this.sessions.owner(request.cookies as Record<string, unknown> | undefined);
    if (!owner) throw AppError.unauthorized(SESSION_ENDED, undefined, 'SESSION_ENDED');
    request.conciergeSessionId = owner.key;
    if (owner.member) request.memberSessionId = owner.member.sessionId;
    return true;
  }
}

/**
 * The owner key of the request the guard let through: what the threads, requests and ratings it
 * reaches belong to (`member:<memberId>` for a member on any device, the session's id otherwise).
 */
export const ConciergeSessionId = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const id = context.switchToHttp().getRequest<SessionRequest>().conciergeSessionId;
  if (!id) throw AppError.unauthorized(SESSION_ENDED, undefined, 'SESSION_ENDED');
  return id;
});
