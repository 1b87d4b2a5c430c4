import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const WAITLIST_SORTS = ['-createdAt', 'createdAt', 'email', '-email', '-netWorth', 'netWorth'] as const;
export type WaitlistSort = (typeof WAITLIST_SORTS)[number];

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ListWaitlistQuery {
  @IsOptional()
  @Transform(toInt)
  @Max(1_000_000, { message: 'page is too large' })
  @Min(1, { message: 'page must be 1 or more' })
  @IsInt({ message: 'page must be a whole number' })
  page?: number;

  @IsOptional()
  @Transform(toInt)
  @Max(100, { message: 'pageSize must be between 1 and 100' })
  @Min(1, { message: 'pageSize must be between 1 and 100' })
  @IsInt({ message: 'pageSize must be a whole number' })
  pageSize?: number;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(200, { message: 'Search text is too long' })
  @IsString({ message: 'q must be text' })
  q?: string;

  @IsOptional()
  @IsIn(WAITLIST_SORTS, { message: `sort must be one of ${WAITLIST_SORTS.join(', ')}` })
  sort?: WaitlistSort;
}
