import { type PipeTransform } from '@nestjs/common';
import { AppError } from '../../../common/app-error';
import { schema, t } from '../../../common/api-schema';
import { CONFIRMATION_LINK_INVALID } from '../waitlist.service';

/** POST /api/waitlist/confirm: the token of the welcome email's link. */
export interface ConfirmWaitlistInput {
  token: string;
}

export const CONFIRM_WAITLIST_BODY = schema(
  'ConfirmWaitlistBody',
  t.object({ token: t.string({ maxLength: 200, description: 'The last part of the confirmation link' }) }),
);

/**
 * Reads the body: a token of the link's shape (base64url, as the email writes it). Anything else
 * is answered as a link that is not valid (404), the same as a well-formed token nobody holds, so
 * a mistyped link reads the same either way.
 */
export class ConfirmWaitlistPipe implements PipeTransform<unknown, ConfirmWaitlistInput> {
  transform(value: unknown): ConfirmWaitlistInput {
    const token = typeof value === 'object' && value !== null ? (value as { token?: unknown }).token : undefined;
    if (token === undefined || token === null || token === '') {
      throw AppError.badRequest('The confirmation link is missing its token.', {
        token: 'The confirmation link is missing its token.',
      });
    }
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,200}$/.test(token.trim())) {
      throw AppError.notFound(CONFIRMATION_LINK_INVALID, 'CONFIRMATION_LINK_INVALID');
    }
    return { token: token.trim() };
  }
}
