import { IntersectionType } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto } from '../../../../common/page-query.dto';
import { WaitlistFilterDto } from '../../waitlist-filter.dto';

export const WAITLIST_SORTS = [
  '-createdAt',
  'createdAt',
  'email',
  '-email',
  '-netWorth',
  'netWorth',
  'nominatedBy',
] as const;
export type WaitlistSort = (typeof WAITLIST_SORTS)[number];

/**
 * The waitlist's page (bounded as every admin list's is), its filter (the same fields, rules and
 * messages as 'Invite to event' uses for every match) and its order.
 */
export class ListWaitlistQuery extends IntersectionType(PageQueryDto, WaitlistFilterDto) {
  @IsOptional()
  @IsIn(WAITLIST_SORTS, { message: `Sort must be one of ${WAITLIST_SORTS.join(', ')}` })
  sort?: WaitlistSort;
}
