import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../../common/page-query.dto';

export const WAITLIST_SORTS = ['-createdAt', 'createdAt', 'email', '-email', '-netWorth', 'netWorth'] as const;
export type WaitlistSort = (typeof WAITLIST_SORTS)[number];

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The waitlist's page (bounded as every admin list's is), search text, filters and order. */
export class ListWaitlistQuery extends PageQueryDto {
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
  @Matches(DATE, { message: 'Signed up from must be a date (YYYY-MM-DD)' })
  @IsString({ message: 'Signed up from must be a date (YYYY-MM-DD)' })
  signedUpFrom?: string;

  @IsOptional()
  @Transform(trimmed)
  @Matches(DATE, { message: 'Signed up to must be a date (YYYY-MM-DD)' })
  @IsString({ message: 'Signed up to must be a date (YYYY-MM-DD)' })
  signedUpTo?: string;

  @IsOptional()
  @IsIn(WAITLIST_SORTS, { message: `Sort must be one of ${WAITLIST_SORTS.join(', ')}` })
  sort?: WaitlistSort;
}
