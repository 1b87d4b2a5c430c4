import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsCalendarDate } from '../../../common/calendar-date';
import { UUID } from '../../../common/uuid';

const trimmed = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : text;
};

/**
 * The insights tab's range and filters: the sign-up (and visit) days, UTC, both ends included
 * (by default the last 90 days), and optionally one UTM source, medium, campaign or nominating member.
 */
export class InsightsQueryDto {
  @IsOptional()
  @Transform(trimmed)
  @IsCalendarDate('From')
  from?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsCalendarDate('To')
  to?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(200, { message: 'Source is too long' })
  @IsString({ message: 'Source must be text' })
  source?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(200, { message: 'Medium is too long' })
  @IsString({ message: 'Medium must be text' })
  medium?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(200, { message: 'Campaign is too long' })
  @IsString({ message: 'Campaign must be text' })
  campaign?: string;

  @IsOptional()
  @Transform(trimmed)
  @Matches(UUID, { message: 'Nominated by must be a member id' })
  @IsString({ message: 'Nominated by must be a member id' })
  nominatedBy?: string;
}
