import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppError } from '../../common/app-error';
import { MEMBER_COOKIE, MemberSessionsService, type MemberSessionView } from './member-sessions.service';

export type MemberRequest = Request & { memberSession?: MemberSessionView };

export function memberCookie(request: Request): unknown {
  return ((request.cookies ?? {}) as Record<string, unknown>)[MEMBER_COOKIE];
}

/** Requires a live member session (looked up on every request); 401 MEMBER_SIGNED_OUT otherwise. */
@Injectable()
export class MemberSessionGuard implements CanActivate {
  constructor(private readonly sessions: MemberSessionsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<MemberRequest>();
    const view = await this.sessions.resolve(memberCookie(request));
    if (!view) throw AppError.unauthorized('Please sign in to continue.', undefined, 'MEMBER_SIGNED_OUT');
    request.memberSession = view;
    return true;
  }
}

/** The session MemberSessionGuard found. */
export function sessionOf(request: MemberRequest): MemberSessionView {
  return request.memberSession!;
}
