import { applyDecorators, SetMetadata, UseGuards, UseInterceptors } from '@nestjs/common';
import { AuditScopeInterceptor } from '../audit';
import { DOOR_EVENT_LIST_KEY, DoorEventListInterceptor, STAFF_RIGHTS_KEY, StaffGuard } from './staff.guard';
import type { StaffRight } from './staff-roles';

/**
 * Requires a staff account (HTTP Basic) whose role holds any one of `rights` (staff-roles.ts); with
 * no rights, any active staff account. On a controller or a handler (the handler's wins). Every
 * /api/admin route declares one: test/staff-roles.spec.ts fails on a route without it.
 */
export function StaffOnly(...rights: StaffRight[]) {
  // The audit scope (who, from where) opens after the guard has named the account.
  return applyDecorators(
    SetMetadata(STAFF_RIGHTS_KEY, rights),
    UseGuards(StaffGuard),
    UseInterceptors(AuditScopeInterceptor),
  );
}

/**
 * On a list of events answered as `{ data: { id }[], total }`: a door account sees only the events
 * it was assigned. The route needs 'check-in' among its rights for a door account to reach it.
 */
export function DoorEventList() {
  return applyDecorators(SetMetadata(DOOR_EVENT_LIST_KEY, true), UseInterceptors(DoorEventListInterceptor));
}
