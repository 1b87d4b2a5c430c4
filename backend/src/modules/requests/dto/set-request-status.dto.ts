import { IsIn } from 'class-validator';

export const SETTABLE_STATUSES = ['in_progress', 'fulfilled', 'cancelled'] as const;

export class SetRequestStatusDto {
  @IsIn([...SETTABLE_STATUSES], { message: 'Status must be in_progress, fulfilled or cancelled' })
  status: (typeof SETTABLE_STATUSES)[number];
}
