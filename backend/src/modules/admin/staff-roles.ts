/**
 * What each staff role may do: the one place a right is granted. A route names the rights it needs
 * with @StaffOnly(...rights); a role holding any one of them is let through.
 */
export const STAFF_RIGHTS = [
  'waitlist',
  'members:offer',
  'members:read',
  'events',
  'invitations',
  'rsvps',
  'payments:read',
  'payments:refund',
  'requests',
  'vendors',
  'applications',
  'check-in',
  'staff',
  'audit',
  'maintenance',
  'queues',
  'metrics',
  'insights',
  /** Data requests (export and erasure): the owner only. */
  'privacy',
] as const;

export type StaffRight = (typeof STAFF_RIGHTS)[number];

export const STAFF_ROLES = ['owner', 'events', 'concierge', 'door'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_STATUSES = ['active', 'suspended'] as const;

export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const RIGHTS_BY_ROLE: Record<StaffRole, readonly StaffRight[]> = {
  owner: STAFF_RIGHTS,
  events: ['waitlist', 'members:offer', 'members:read', 'events', 'invitations', 'rsvps', 'payments:read', 'insights'],
  concierge: ['requests', 'members:read', 'vendors', 'applications'],
  // Only for the events the owner assigned (door_event_ids): the staff guard checks the event.
  door: ['check-in'],
};

/** Whether a role holds a right. */
export function roleHas(role: StaffRole, right: StaffRight): boolean {
  return RIGHTS_BY_ROLE[role].includes(right);
}

/** The refusal a staff person meets on a route their role does not allow. */
export const FORBIDDEN_FOR_ROLE = 'Your role does not allow this.';
