import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { trimmed } from '../../../common/trimmed';

/** The set-up page's confirmation of the member's name. */
export class AcceptOfferDto {
  @Transform(trimmed)
  @MaxLength(120, { message: 'Name is too long' })
  @IsNotEmpty({ message: 'Name is required' })
  @IsString({ message: 'Name is required' })
  name: string;
}

/** 'Email Me a Sign-In Link'. */
export class SignInEmailDto {
  @Transform(trimmed)
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email: string;
}

/** The 6-digit code of a sign-in email. */
export class SignInCodeDto extends SignInEmailDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value))
  @Matches(/^\d{6}$/, { message: 'Enter the 6-digit code from the email' })
  @IsString({ message: 'Enter the 6-digit code from the email' })
  code: string;
}

/** The browser's answer to a passkey ceremony (@simplewebauthn/browser's JSON). */
export class PasskeySignInDto {
  @IsObject({ message: 'The passkey’s answer is missing' })
  response: Record<string, unknown>;
}

export class RegisterPasskeyDto extends PasskeySignInDto {
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(60, { message: 'Passkey name is too long' })
  @IsString({ message: 'Passkey name must be text' })
  name?: string;
}

export class RenamePasskeyDto {
  @Transform(trimmed)
  @MaxLength(60, { message: 'Passkey name is too long' })
  @IsNotEmpty({ message: 'Passkey name is required' })
  @IsString({ message: 'Passkey name is required' })
  name: string;
}
