import { Transform } from 'class-transformer';
import {
  Equals,
  IsBoolean,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  isISO8601,
  MaxLength,
  ValidateBy,
} from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const MAX = 200;

const EARLIEST_SIGN_UP = Date.UTC(2000, 0, 1);
/** How far ahead of the server's clock a visitor's clock may run. */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * A calendar date and time that exists (ISO 8601 also allows week and ordinal dates such as
 * '2024-W01', which JavaScript cannot read) between 2000 and now.
 */
export function isSignUpTime(value: unknown): boolean {
  if (typeof value !== 'string' || !isISO8601(value, { strict: true, strictSeparator: true })) return false;
  const time = Date.parse(value);
  return Number.isFinite(time) && time >= EARLIEST_SIGN_UP && time <= Date.now() + CLOCK_SKEW_MS;
}

/** POST /api/waitlist, exactly the payload of the spec's section 7. */
export class JoinWaitlistDto {
  // Decorators run bottom-up: the first failing rule below is the one reported.
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @IsString({ message: 'Please enter a valid email address' })
  @IsNotEmpty({ message: 'Email is required' })
  @Transform(trim)
  email: string;

  @IsOptional()
  @MaxLength(MAX, { message: 'Full name is too long' })
  @IsString({ message: 'Full name must be text' })
  @Transform(trim)
  fullName?: string;

  @IsOptional()
  @MaxLength(40, { message: 'Phone number is too long' })
  @IsString({ message: 'Phone number must be text' })
  @Transform(trim)
  phoneNumber?: string;

  @Equals(true, { message: 'You must agree to receive updates' })
  @IsBoolean({ message: 'You must agree to receive updates' })
  consent: boolean;

  /** The hidden honeypot: people leave it empty. */
  @IsOptional()
  @IsString({ message: 'Invalid form submission' })
  @MaxLength(MAX, { message: 'Invalid form submission' })
  bot_check?: string;

  @IsOptional()
  @ValidateBy(
    { name: 'isSignUpTime', validator: { validate: isSignUpTime } },
    {
      message: 'timestamp must be a real date and time between 2000 and now, e.g. 2026-01-31T12:00:00.000Z',
    },
  )
  timestamp?: string;

  @IsOptional()
  @IsString()
  @MaxLength(50)
  source?: string;

  @IsOptional() @IsString() @MaxLength(MAX) @Transform(trim) utmSource?: string;
  @IsOptional() @IsString() @MaxLength(MAX) @Transform(trim) utmMedium?: string;
  @IsOptional() @IsString() @MaxLength(MAX) @Transform(trim) utmCampaign?: string;
  @IsOptional() @IsString() @MaxLength(MAX) @Transform(trim) utmTerm?: string;
  @IsOptional() @IsString() @MaxLength(MAX) @Transform(trim) utmContent?: string;
  @IsOptional() @IsString() @MaxLength(MAX) @Transform(trim) ref?: string;
}
