import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { decimalNumber } from '../../../common/decimal-number';
import { WaitlistFilterDto } from '../../waitlist';

const emptyToNull = ({ value }: { value: unknown }) => {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  return trimmed === '' ? null : trimmed;
};

export const MAX_CHOSEN_ROWS = 1000;

/**
 * 'Invite to event' from the Waitlist tab: the chosen rows (`ids`), or every row matching the
 * search and filters (`allMatching`), with the event, the party each invitation admits and a note.
 */
export class InviteFromWaitlistDto extends WaitlistFilterDto {
  @Min(1, { message: 'Event is required' })
  @IsInt({ message: 'Event is required' })
  @Transform(decimalNumber)
  eventId: number;

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
  note?: string | null;

  @IsOptional()
  @IsUUID('all', { each: true, message: 'Choose waitlist entries from the list' })
  @ArrayMaxSize(MAX_CHOSEN_ROWS, {
    message: `Choose at most ${MAX_CHOSEN_ROWS} rows, or invite every row matching the filter`,
  })
  @IsArray({ message: 'Choose waitlist entries from the list' })
  ids?: string[];

  @IsOptional()
  @IsBoolean({ message: 'Choose whether to invite every entry matching the filter (true or false)' })
  allMatching?: boolean;
}
