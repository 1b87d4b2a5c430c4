import { Transform } from 'class-transformer';
import { IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { decimalNumber } from '../../../common/decimal-number';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  return trimmed === '' ? null : trimmed;
};

/** The invitation form of the spec's section 5, with its messages. */
export class CreateInvitationDto {
  @Min(1, { message: 'Event is required' })
  @IsInt({ message: 'Event is required' })
  @Transform(decimalNumber)
  eventId: number;

  @MaxLength(200, { message: 'Name is too long' })
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @Transform(trim)
  recipientName: string;

  @MaxLength(254, { message: 'Valid email is required' })
  @IsEmail({}, { message: 'Valid email is required' })
  @IsString({ message: 'Valid email is required' })
  @Transform(trim)
  recipientEmail: string;

  @IsOptional()
  @MaxLength(40, { message: 'Phone number is too long' })
  @IsString({ message: 'Phone number must be text' })
  @Transform(emptyToNull)
  recipientPhone?: string | null;

  @IsOptional()
  @Max(100, { message: 'Maximum guests cannot exceed 100' })
  @Min(1, { message: 'Maximum guests must be at least 1' })
  @IsInt({ message: 'Maximum guests must be at least 1' })
  @Transform(decimalNumber)
  maxGuests?: number;

  @IsOptional()
  @MaxLength(2000, { message: 'Notes are too long' })
  @IsString({ message: 'Notes must be text' })
  @Transform(emptyToNull)
  specialNotes?: string | null;
}
