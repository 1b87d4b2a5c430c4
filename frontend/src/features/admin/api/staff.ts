import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest, useAdminQuery } from '../../../api/admin-client';
import type { ApiSchema } from '../../../api/types';
import { staffSelfKey } from '../../../api/staff-self';

/** The staff API's shapes, from the generated contract (src/api/schema.gen.ts). */
export { useStaffSelf, type StaffRight } from '../../../api/staff-self';
export type StaffAccount = ApiSchema<'StaffAccount'>;
export type StaffRole = StaffAccount['role'];
export type NewStaffAccount = ApiSchema<'CreateStaffDto'>;
export type StaffChange = ApiSchema<'UpdateStaffDto'>;

export const staffKeys = {
  me: staffSelfKey,
  list: ['admin', 'staff'] as const,
};

/** The roles as the house names them, with what each may do (the server holds the rights). */
export const ROLE_NAMES: Record<StaffRole, string> = {
  owner: 'Owner',
  events: 'Events',
  concierge: 'Concierge',
  door: 'Door',
};

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'Everything, including staff accounts, the audit log, maintenance, refunds and the queues.',
  events: 'Waitlist, membership offers, events, invitations, RSVPs, payments (read only) and insights.',
  concierge: 'The requests desk, members (read only), vendors and applications.',
  door: 'Door check-in only, for the events assigned below.',
};

export function useStaffAccounts() {
  return useAdminQuery<{ data: StaffAccount[] }>(staffKeys.list, '/api/admin/staff');
}

/** Creating, changing and resetting staff accounts; each refreshes the list (and who is signed in). */
export function useStaffActions() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: staffKeys.list }),
      client.invalidateQueries({ queryKey: staffKeys.me }),
    ]);
  return {
    create: useMutation({
      mutationFn: (account: NewStaffAccount) =>
        adminRequest<{ data: StaffAccount }>('POST', '/api/admin/staff', account).then((r) => r.data),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...change }: StaffChange & { id: string }) =>
        adminRequest<{ data: StaffAccount }>('PATCH', `/api/admin/staff/${id}`, change).then((r) => r.data),
      onSuccess: refresh,
    }),
    resetPassword: useMutation({
      mutationFn: ({ id, password }: { id: string; password: string }) =>
        adminRequest<{ success: true }>('POST', `/api/admin/staff/${id}/password`, { password }),
    }),
  };
}
