import { useQueryClient } from '@tanstack/react-query';
import { adminRequest, useAdminQuery } from '../../../api/admin-client';
import type { ApiSchema } from '../../../api/types';

export type MemberProfile = ApiSchema<'MemberProfile'>;
export type ProfileEntry = MemberProfile['entries'][number];
export type ProfileKind = ProfileEntry['kind'];

/** The club's kinds of preferences, in the order they are shown. */
export const PROFILE_KINDS: Array<{ kind: ProfileKind; label: string }> = [
  { kind: 'dining', label: 'Dining and diet' },
  { kind: 'allergies', label: 'Allergies' },
  { kind: 'health', label: 'Health' },
  { kind: 'seating', label: 'Seating' },
  { kind: 'flights', label: 'Flights and cabin' },
  { kind: 'hotels', label: 'Hotels and rooms' },
  { kind: 'brands', label: 'Brands' },
  { kind: 'dates', label: 'Important dates' },
  { kind: 'companions', label: 'Travel companions' },
  { kind: 'assistant', label: 'Assistant’s contact' },
];

const key = (memberId: string) => ['admin', 'members', memberId, 'profile'] as const;

/** What the club remembers about a member, and the staff's own notes about them. */
export function useMemberProfile(memberId: string) {
  return useAdminQuery<{ data: MemberProfile }>(key(memberId), `/api/admin/members/${memberId}/profile`);
}

/** Staff add to the profile (signed with their display name) or write a staff-only note. */
export function useProfileActions(memberId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: key(memberId) });
  return {
    addPreference: async (body: { kind: ProfileKind; value: string }) => {
      await adminRequest('POST', `/api/admin/members/${memberId}/preferences`, body);
      await refresh();
    },
    addNote: async (text: string) => {
      await adminRequest('POST', `/api/admin/members/${memberId}/notes`, { text });
      await refresh();
    },
  };
}
