/** The waitlist filter other modules pass to WaitlistService (invitations: 'Invite to event'). */
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { IsCalendarDate } from '../../common/calendar-date';
import { trimmedOrAbsent } from '../../common/trimmed';

export const CONFIRMATION_FILTERS = ['confirmed', 'unconfirmed'] as const;
export type ConfirmationFilter = (typeof CONFIRMATION_FILTERS)[number];

/**
 * Which waitlist entries a list, or an invitation to every match, covers: the search text (any
 * part of the email, name or phone), the source, the UTM campaign, the sign-up dates (UTC days,
 * both ends included), whether the sign-up was confirmed (its email's link), and the member whose
 * nomination brought it. Every field is optional; none means the whole list.
 */
export class WaitlistFilterDto {
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @MaxLength(200, { message: 'Search text is too long' })
  @IsString({ message: 'Search text must be text' })
  q?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @MaxLength(100, { message: 'Source is too long' })
  @IsString({ message: 'Source must be text' })
  source?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @MaxLength(200, { message: 'UTM campaign is too long' })
  @IsString({ message: 'UTM campaign must be text' })
  utmCampaign?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsCalendarDate('Signed up from')
  signedUpFrom?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsCalendarDate('Signed up to')
  signedUpTo?: string;

  /** Confirmed sign-ups only, or unconfirmed ones only; absent: both. */
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsIn(CONFIRMATION_FILTERS, { message: 'Confirmed must be confirmed or unconfirmed' })
  confirmed?: ConfirmationFilter;

  /** The id of the member whose nomination brought the sign-ups. */
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsUUID('all', { message: 'Nominated by must be a member’s id' })
  nominatedBy?: string;
}

export type WaitlistFilter = Pick<
  WaitlistFilterDto,
  'q' | 'source' | 'utmCampaign' | 'signedUpFrom' | 'signedUpTo' | 'confirmed' | 'nominatedBy'
> & {
  /** Chosen rows; with other fields, rows must match both. */
  ids?: string[];
};
