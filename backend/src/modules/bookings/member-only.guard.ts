import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import type { Request } from 'express';
import { AppError } from '../../common/app-error';
import { MEMBER_COOKIE, MemberSessionsService, type MemberSessionView } from '../members';

type WithMember = Request & { bookingMember?: MemberSessionView['member'] };

/**
 * Cards and payments belong to a signed-in member (the mf_member cookie, checked on every call);
 * a house-password session names no one to charge: 401 MEMBER_SIGNED_OUT, as the account's routes.
 */
@Injectable()
export class MemberOnlyGuard implements CanActivate {
  constructor(private readonly sessions: MemberSessionsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WithMember>();
    const cookies = (request.cookies ?? {}) as Record<string, unknown>;
    const view = await this.sessions.resolve(cookies[MEMBER_COOKIE]);
    if (!view) throw AppError.unauthorized('Please sign in to continue.', undefined, 'MEMBER_SIGNED_OUT');
    request.bookingMember = view.member;
    return true;
  }
}

/** The member MemberOnlyGuard found. */
export const BookingMember = createParamDecorator(
  (_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<WithMember>().bookingMember!,
);

export type BookingMemberView = MemberSessionView['member'];
