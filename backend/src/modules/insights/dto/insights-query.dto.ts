import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsCalendarDate } from '../../../common/calendar-date';
import { UUID } from '../../../common/uuid';
import { trimmedOrAbsent } from '../../../common/trimmed';

/**
 * The insights tab's range and filters: the sign-up (and visit) days, UTC, both ends included
 * (by default the last 90 days), and optionally one UTM source, medium, campaign or nominating member.
 */
export class InsightsQueryDto {
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsCalendarDate('From')
  from?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsCalendarDate('To')
  to?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @MaxLength(200, { message: 'Source is too long' })
  @IsString({ message: 'Source must be text' })
  source?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @MaxLength(200, { message: 'Medium is too long' })
  @IsString({ message: 'Medium must be text' })
  medium?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @MaxLength(200, { message: 'Campaign is too long' })
  @IsString({ message: 'Campaign must be text' })
  campaign?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @Matches(UUID, { message: 'Nominated by must be a member id' })
  @IsString({ message: 'Nominated by must be a member id' })
  nominatedBy?: string;
}
