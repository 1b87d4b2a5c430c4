/** The waitlist filter other modules pass to WaitlistService (invitations: 'Invite to event'). */
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsCalendarDate } from '../../common/calendar-date';

const trimmed = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : text;
};

/**
 * Which waitlist entries a list, or an invitation to every match, covers: the search text (any
 * part of the email, name or phone), the source, the UTM campaign and the sign-up dates (UTC days,
 * both ends included). Every field is optional; none means the whole list.
 */
export class WaitlistFilterDto {
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(200, { message: 'Search text is too long' })
  @IsString({ message: 'Search text must be text' })
  q?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(100, { message: 'Source is too long' })
  @IsString({ message: 'Source must be text' })
  source?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(200, { message: 'UTM campaign is too long' })
  @IsString({ message: 'UTM campaign must be text' })
  utmCampaign?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsCalendarDate('Signed up from')
  signedUpFrom?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsCalendarDate('Signed up to')
  signedUpTo?: string;
}

export type WaitlistFilter = Pick<WaitlistFilterDto, 'q' | 'source' | 'utmCampaign' | 'signedUpFrom' | 'signedUpTo'> & {
  /** Chosen rows; with other fields, rows must match both. */
  ids?: string[];
};
