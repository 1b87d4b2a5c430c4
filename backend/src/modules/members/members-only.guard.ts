import { CanActivate, ExecutionContext, Injectable, mixin, type Type } from '@nestjs/common';
import type { Request } from 'express';
import { AppError } from '../../common/app-error';
import { MEMBER_COOKIE, MemberSessionsService, type MemberSessionView } from './member-sessions.service';

/** A request a MembersOnly guard let through: it carries the member's session. */
export type MemberRequest = Request & { memberSession?: MemberSessionView };

/** The house password's session cookie (the concierge module's): it names no member. */
const HOUSE_COOKIE = 'mf_concierge';

/**
 * A member's own session only (the `mf_member` cookie, checked in the database on every request).
 * A house-password session is shared by whoever knows the password, so it is refused with 403
 * MEMBERS_ONLY and `refusal`, which says what is kept for members; without either, 401
 * MEMBER_SIGNED_OUT. The module using it imports MembersModule (for MemberSessionsService).
 */
export function MembersOnly(refusal: string): Type<CanActivate> {
  @Injectable()
  class MembersOnlyGuard implements CanActivate {
    constructor(private readonly sessions: MemberSessionsService) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const request = context.switchToHttp().getRequest<MemberRequest>();
      const cookies = (request.cookies ?? {}) as Record<string, unknown>;
      const view = await this.sessions.resolve(cookies[MEMBER_COOKIE]);
      if (view) {
        request.memberSession = view;
        return true;
      }
      if (typeof cookies[HOUSE_COOKIE] === 'string' && cookies[HOUSE_COOKIE] !== '') {
        throw new AppError('forbidden', refusal, undefined, undefined, 'MEMBERS_ONLY');
      }
      throw AppError.unauthorized('Please sign in to continue.', undefined, 'MEMBER_SIGNED_OUT');
    }
  }
  return mixin(MembersOnlyGuard);
}

/** The member a MembersOnly guard let through. */
export function memberIdOf(request: MemberRequest): string {
  return request.memberSession!.member.id;
}
