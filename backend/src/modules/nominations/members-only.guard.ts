import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppError } from '../../common/app-error';
import { MEMBER_COOKIE, MemberSessionsService, type MemberSessionView } from '../members';

export type NominationsRequest = Request & { memberSession?: MemberSessionView };

/** The house password's session cookie (the concierge module's): it names no member to nominate in the name of. */
const HOUSE_COOKIE = 'mf_concierge';

/**
 * A member's own session only (`mf_member`, checked on every request). A house-password session is
 * shared by whoever knows the password: 403 MEMBERS_ONLY. Neither: 401 MEMBER_SIGNED_OUT.
 */
@Injectable()
export class MembersOnlyGuard implements CanActivate {
  constructor(private readonly sessions: MemberSessionsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<NominationsRequest>();
    const cookies = (request.cookies ?? {}) as Record<string, unknown>;
    const view = await this.sessions.resolve(cookies[MEMBER_COOKIE]);
    if (view) {
      request.memberSession = view;
      return true;
    }
    if (typeof cookies[HOUSE_COOKIE] === 'string' && cookies[HOUSE_COOKIE] !== '') {
      throw new AppError(
        'forbidden',
        'Nominations are made by members: please sign in with your membership.',
        undefined,
        undefined,
        'MEMBERS_ONLY',
      );
    }
    throw AppError.unauthorized('Please sign in to continue.', undefined, 'MEMBER_SIGNED_OUT');
  }
}

/** The member the guard let through. */
export function memberIdOf(request: NominationsRequest): string {
  return request.memberSession!.member.id;
}
