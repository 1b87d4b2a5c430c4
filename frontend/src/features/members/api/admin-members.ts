/**
 * The admin's side of members: offers from the waitlist, the members list and what staff may
 * change on a member (tier, suspension, the offer's link).
 */
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest, useAdminQuery } from '../../../api/admin-client';
import type { ApiSchema } from '../../../api/types';
import type { MemberTier } from './members';

export type MemberRow = ApiSchema<'MemberRow'>;
export type MemberStatus = MemberRow['status'];
export type OfferState = NonNullable<MemberRow['offer']>['state'];

export interface MembersFilter {
  search?: string;
  status?: MemberStatus;
  tier?: MemberTier;
}

/** The waitlist's search and filters, as the Waitlist tab sends them. */
export interface WaitlistFilter {
  q?: string;
  source?: string;
  utmCampaign?: string;
  signedUpFrom?: string;
  signedUpTo?: string;
  confirmed?: 'confirmed' | 'unconfirmed';
  nominatedBy?: string;
}

export type OfferResult = ApiSchema<'MembershipOfferOutcome'>;

const ALL = ['admin', 'members'] as const;

export function useMembers(filter: MembersFilter, page: number, pageSize: number) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return useAdminQuery<{ items: MemberRow[]; total: number }>(
    [...ALL, filter, page, pageSize],
    `/api/admin/members?${params}`,
    { placeholderData: keepPreviousData },
  );
}

/** Resend or revoke an offer, change a tier, suspend or reactivate: each answers the new row. */
export function useMemberActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ALL });
  const enc = encodeURIComponent;
  return {
    resend: useMutation({
      mutationFn: (id: string) => adminRequest<MemberRow>('POST', `/api/admin/members/${enc(id)}/offer/resend`),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => adminRequest<MemberRow>('POST', `/api/admin/members/${enc(id)}/offer/revoke`),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...change }: { id: string; tier?: MemberTier; status?: 'active' | 'suspended' }) =>
        adminRequest<MemberRow>('PATCH', `/api/admin/members/${enc(id)}`, change),
      onSuccess: refresh,
    }),
  };
}

export function useOfferMembership() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { tier: MemberTier; entryIds?: string[]; allMatching?: boolean } & WaitlistFilter) =>
      adminRequest<OfferResult>('POST', '/api/admin/members/offers', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}
