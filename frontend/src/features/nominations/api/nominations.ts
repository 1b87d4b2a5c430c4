/**
 * 'Nominate' in the member's account (their links, their letters) and a member's nominations in
 * the admin's Members tab (credited and suspect apart).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAdminQuery } from '../../../api/admin-client';
import { apiGet, apiRequest } from '../../../api/client';
import type { ApiSchema } from '../../../api/types';

export type MemberNominations = ApiSchema<'MemberNominations'>;
export type NominationLink = ApiSchema<'NominationLink'>;
export type NominationSent = ApiSchema<'NominationSent'>;
export type StaffNominations = ApiSchema<'StaffMemberNominations'>;
export type Nominee = ApiSchema<'Nominee'>;

const PATH = '/api/members/me/nominations';
export const nominationsKey = ['members', 'me', 'nominations'] as const;
const enc = encodeURIComponent;

export function useNominations(enabled = true) {
  return useQuery({
    queryKey: nominationsKey,
    queryFn: ({ signal }) => apiGet<{ data: MemberNominations }>(PATH, { signal }).then((answer) => answer.data),
    enabled,
    retry: false,
  });
}

/** New link, retire a link, nominate by email: each refreshes the section. */
export function useNominationActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: nominationsKey });
  return {
    addLink: useMutation({
      mutationFn: () => apiRequest<{ data: NominationLink }>('POST', `${PATH}/links`),
      onSuccess: refresh,
    }),
    revokeLink: useMutation({
      mutationFn: (code: string) => apiRequest<{ success: true }>('DELETE', `${PATH}/links/${enc(code)}`),
      onSuccess: refresh,
    }),
    nominate: useMutation({
      mutationFn: (body: { name: string; email: string }) => apiRequest<{ data: NominationSent }>('POST', PATH, body),
      onSuccess: refresh,
    }),
  };
}

/** A member's nominations as staff see them. */
export function useStaffNominations(memberId: string | null) {
  return useAdminQuery<{ data: StaffNominations }>(
    ['admin', 'members', memberId, 'nominations'],
    `/api/admin/members/${enc(memberId ?? '')}/nominations`,
    { enabled: memberId != null },
  );
}
