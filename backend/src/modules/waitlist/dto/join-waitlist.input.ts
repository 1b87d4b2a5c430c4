import { type PipeTransform } from '@nestjs/common';
import { isValidEmail, WAITLIST_MESSAGES } from '@maison/shared';
import { isBoolean, isString, maxLength } from 'class-validator';
import { AppError } from '../../../common/app-error';
import { DISPOSABLE_EMAIL_REFUSED, isDisposableEmail } from '../../../common/email-address';
import { isCalendarDate } from '../../../common/calendar-date';

/** POST /api/waitlist, exactly the payload of the spec's section 7, once read. */
export interface JoinWaitlistInput {
  email: string;
  fullName?: string;
  phoneNumber?: string;
  consent: true;
  /** The hidden honeypot: people leave it empty. */
  bot_check?: string;
  timestamp?: string;
  source?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  ref?: string;
}

const MAX = 200;
const EARLIEST_SIGN_UP = Date.UTC(2000, 0, 1);
/** How far ahead of the server's clock a visitor's clock may run. */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;
const ATTRIBUTION = ['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent', 'ref'] as const;

/**
 * A date and time on the calendar (the API's one date rule; ISO 8601's week and ordinal dates such
 * as '2024-W01' are not taken) between 2000 and now.
 */
export function isSignUpTime(value: unknown): boolean {
  if (typeof value !== 'string' || !isCalendarDate(value, 'date-time')) return false;
  const time = Date.parse(value);
  return Number.isFinite(time) && time >= EARLIEST_SIGN_UP && time <= Date.now() + CLOCK_SKEW_MS;
}

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const absent = (value: unknown) => value === undefined || value === null;

/**
 * Reads a sign-up as the api's ValidationPipe reads DTOs (class-validator's own checks, the
 * same 400 with the first message and one message per field, unknown properties dropped), but
 * written out by hand: this is the public site's hottest write, and class-validator's machinery
 * around the checks allocates heavily on every request, which the hottest write cannot afford
 * (npm run bench:waitlist measures it; the figures are in the README).
 */
export function readJoinWaitlist(body: unknown): JoinWaitlistInput {
  const raw: Record<string, unknown> =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const fields: Record<string, string> = {};
  const input: Record<string, unknown> = {};

  const email = trim(raw.email);
  if (absent(email) || email === '') fields.email = WAITLIST_MESSAGES.emailRequired;
  else if (!isString(email) || !isValidEmail(email)) fields.email = WAITLIST_MESSAGES.email;
  else if (isDisposableEmail(email)) fields.email = DISPOSABLE_EMAIL_REFUSED;
  else input.email = email;

  optionalText(raw, input, fields, 'fullName', MAX, 'Full name must be text', 'Full name is too long');
  optionalText(raw, input, fields, 'phoneNumber', 40, 'Phone number must be text', 'Phone number is too long');

  if (!isBoolean(raw.consent) || raw.consent !== true) fields.consent = WAITLIST_MESSAGES.consent;
  else input.consent = true;

  if (!absent(raw.bot_check)) {
    if (!isString(raw.bot_check) || !maxLength(raw.bot_check, MAX)) fields.bot_check = 'Invalid form submission';
    else input.bot_check = raw.bot_check;
  }
  if (!absent(raw.timestamp)) {
    if (isSignUpTime(raw.timestamp)) input.timestamp = raw.timestamp;
    else {
      fields.timestamp = 'timestamp must be a real date and time between 2000 and now, e.g. 2026-01-31T12:00:00.000Z';
    }
  }
  optionalText(raw, input, fields, 'source', 50, 'source must be text', 'source must be 50 characters or fewer');
  for (const name of ATTRIBUTION) {
    optionalText(raw, input, fields, name, MAX, `${name} must be text`, `${name} must be ${MAX} characters or fewer`);
  }

  const first = Object.values(fields)[0];
  if (first === DISPOSABLE_EMAIL_REFUSED) throw AppError.badRequest(first, fields, 'DISPOSABLE_EMAIL_REFUSED');
  if (first !== undefined) throw AppError.badRequest(first, fields);
  return input as unknown as JoinWaitlistInput;
}

/** An optional text field, trimmed: absent (or null) is fine; present, it must be text within `max`. */
function optionalText(
  raw: Record<string, unknown>,
  input: Record<string, unknown>,
  fields: Record<string, string>,
  name: string,
  max: number,
  notText: string,
  tooLong: string,
): void {
  const value = trim(raw[name]);
  if (absent(value)) return;
  if (!isString(value)) fields[name] = notText;
  else if (!maxLength(value, max)) fields[name] = tooLong;
  else input[name] = value;
}

/**
 * `@Body(JoinWaitlistPipe) body: JoinWaitlistInput`: an interface, not a class, so the global
 * ValidationPipe lets the body by and this pipe reads it.
 */
export class JoinWaitlistPipe implements PipeTransform<unknown, JoinWaitlistInput> {
  transform(value: unknown): JoinWaitlistInput {
    return readJoinWaitlist(value);
  }
}
