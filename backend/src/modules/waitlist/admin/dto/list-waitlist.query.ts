import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../../common/page-query.dto';

export const WAITLIST_SORTS = ['-createdAt', 'createdAt', 'email', '-email', '-netWorth', 'netWorth'] as const;
export type WaitlistSort = (typeof WAITLIST_SORTS)[number];

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The waitlist's page (bounded as every admin list's is), search text and order. */
export class ListWaitlistQuery extends PageQueryDto {
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(200, { message: 'Search text is too long' })
  @IsString({ message: 'Search text must be text' })
  q?: string;

  @IsOptional()
  @IsIn(WAITLIST_SORTS, { message: `Sort must be one of ${WAITLIST_SORTS.join(', ')}` })
  sort?: WaitlistSort;
}
