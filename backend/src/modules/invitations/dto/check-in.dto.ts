import { Transform } from 'class-transformer';
import { IsInt, IsISO8601, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { decimalNumber } from '../../../common/decimal-number';

/** A scan (the pass's token) or a choice from the name search (the RSVP's id), and who arrived. */
export class CheckInDto {
  @IsOptional()
  @MaxLength(200, { message: 'This pass is not valid' })
  @IsString({ message: 'This pass is not valid' })
  token?: string;

  @IsOptional()
  @IsUUID('all', { message: 'Guest not found' })
  rsvpId?: string;

  @IsOptional()
  @Max(100, { message: 'Guests arriving must be between 1 and 100' })
  @Min(1, { message: 'Guests arriving must be at least 1' })
  @IsInt({ message: 'Guests arriving must be a whole number' })
  @Transform(decimalNumber)
  guests?: number;

  /** When a device that was offline scanned the pass. */
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'Scanned at must be a time within the last two days' })
  scannedAt?: string;
}

export class SetArrivedDto {
  @Max(100, { message: 'Guests arriving must be between 1 and 100' })
  @Min(1, { message: 'Guests arriving must be at least 1' })
  @IsInt({ message: 'Guests arriving must be a whole number' })
  @Transform(decimalNumber)
  arrived: number;
}

export class DoorSearchQuery {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(100, { message: 'Search text is too long' })
  @IsString({ message: 'Search text must be text' })
  q?: string;
}
