import { useAdminQuery } from './admin-client';
import type { ApiSchema } from './types';

/** Who is signed in to the admin, with the rights of their role (GET /api/admin/me). */
export type StaffSelf = ApiSchema<'StaffSelf'>;
export type StaffRight = StaffSelf['rights'][number];

export const staffSelfKey = ['admin', 'me'] as const;

/** The signed-in staff person: each screen shows only what their role may do (the server enforces it). */
export function useStaffSelf() {
  return useAdminQuery<StaffSelf>(staffSelfKey, '/api/admin/me', { staleTime: 60_000 });
}

/** Whether the signed-in staff person holds a right; false until known. */
export function useStaffMay(right: StaffRight): boolean {
  return useStaffSelf().data?.rights.includes(right) ?? false;
}
