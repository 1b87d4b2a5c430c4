import { Transform } from 'class-transformer';
import { Equals, IsBoolean, IsEmail, IsISO8601, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const MAX = 200;

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
  @IsISO8601({}, { message: 'timestamp must be an ISO date' })
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
