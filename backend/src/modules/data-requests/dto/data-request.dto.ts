import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Validate,
} from 'class-validator';
import type { ValidationArguments, ValidatorConstraintInterface } from 'class-validator';
import { ValidatorConstraint } from 'class-validator';
import { isValidEmail } from '@maison/shared';
import { PageQueryDto } from '../../../common/page-query.dto';
import { DATA_REQUEST_KINDS, type DataRequestKind } from '../data-request.entity';
import { trimmed } from '../../../common/trimmed';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const KIND_MESSAGE = 'Please choose a copy of your data or its erasure';
/** The words a member types to erase their account (the form shows them). */
export const ERASE_CONFIRMATION = 'ERASE';

@ValidatorConstraint({ name: 'email' })
class EmailAddress implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && value.length <= 254 && isValidEmail(value);
  }
  defaultMessage(_args: ValidationArguments): string {
    return EMAIL_MESSAGE;
  }
}

/** The public Your Data form: an address to email the link to. */
export class YourDataEmailDto {
  @Transform(trimmed)
  @Validate(EmailAddress, { message: EMAIL_MESSAGE })
  @IsString({ message: EMAIL_MESSAGE })
  email: string;
}

/** The emailed link's page: what the person asks for. */
export class LinkRequestDto {
  @MaxLength(2000, { message: 'This link is not valid' })
  @IsNotEmpty({ message: 'This link is not valid' })
  @IsString({ message: 'This link is not valid' })
  token: string;

  @IsIn([...DATA_REQUEST_KINDS], { message: KIND_MESSAGE })
  kind: DataRequestKind;
}

/** A member's request from their account; an erasure carries the typed confirmation. */
export class MemberDataRequestDto {
  @IsIn([...DATA_REQUEST_KINDS], { message: KIND_MESSAGE })
  kind: DataRequestKind;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(40, { message: `Please type ${ERASE_CONFIRMATION} to confirm` })
  @IsString({ message: `Please type ${ERASE_CONFIRMATION} to confirm` })
  confirmation?: string;
}

/** An owner starts a request for a person. */
export class StaffDataRequestDto extends YourDataEmailDto {
  @IsIn([...DATA_REQUEST_KINDS], { message: KIND_MESSAGE })
  kind: DataRequestKind;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(1000, { message: 'Please keep the note under 1000 characters' })
  @IsString({ message: 'Please write the note as text' })
  notes?: string;
}

export class RefuseDataRequestDto {
  @Transform(trimmed)
  @MaxLength(1000, { message: 'Please keep the reason under 1000 characters' })
  @IsNotEmpty({ message: 'Please say why the request is refused' })
  @IsString({ message: 'Please say why the request is refused' })
  note: string;
}

export class DataRequestQueueDto extends PageQueryDto {
  @IsOptional()
  @IsIn(['open', 'all'], { message: 'Please choose open or all requests' })
  status?: 'open' | 'all';
}

/** The subject keys kept aside before a restore (GET erased-keys), to erase again after it. */
export class ReplayErasuresDto {
  @IsOptional()
  @IsArray({ message: 'Please give the subject keys as a list' })
  @ArrayMaxSize(1_000_000, { message: 'Please give at most 1,000,000 subject keys at once' })
  @Matches(/^[0-9a-f]{64}$/, { each: true, message: 'Each subject key is 64 hexadecimal characters' })
  subjectKeys?: string[];
}
