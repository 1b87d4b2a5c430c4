import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, apiRequest } from '../../../api/client';
import type { ApiAnswer, ApiSchema } from '../../../api/types';

/** The guest's API shapes, from the generated contract (src/api/schema.gen.ts). */
export type GuestRsvp = ApiSchema<'RsvpView'>;
export type InvitationView = ApiSchema<'InvitationView'>;

export interface RsvpAnswer {
  status: 'attending' | 'not_attending';
  guestCount: number;
  guestNames: string[];
  dietaryRestrictions: string;
  specialRequests: string;
}

export const invitationKey = (code: string) => ['invitation', code] as const;

export function fetchInvitation(code: string, signal?: AbortSignal) {
  return apiGet<ApiAnswer<'/api/invitations/{code}', 'get'>>(`/api/invitations/${encodeURIComponent(code)}`, {
    signal,
  }).then((r) => r.data);
}

/**
 * The invitation as the guest's pages show it. One key for every page (invitation, payment,
 * thank-you), always fetched afresh on opening a page: answering the RSVP changes the fee.
 * `refetchInterval` lets a page follow a payment until it lands.
 */
export function useInvitation(
  code: string,
  options: Pick<UseQueryOptions<InvitationView, ApiError>, 'refetchInterval'> = {},
) {
  return useQuery<InvitationView, ApiError>({
    queryKey: invitationKey(code),
    queryFn: ({ signal }) => fetchInvitation(code, signal),
    staleTime: 0,
    refetchInterval: options.refetchInterval ?? false,
  });
}

/** Where the reservation's payment stands, as the server tells the guest. */
export type GuestPayment = ApiSchema<'GuestPayment'>;

export const rsvpPaymentKey = (rsvpId: string) => ['invitation', 'rsvp-payment', rsvpId] as const;

export function useRsvpPayment(
  rsvpId: string | null,
  options: Pick<UseQueryOptions<GuestPayment | null, ApiError>, 'refetchInterval'> = {},
) {
  return useQuery<GuestPayment | null, ApiError>({
    queryKey: rsvpPaymentKey(rsvpId ?? 'none'),
    queryFn: ({ signal }) =>
      apiGet<ApiAnswer<'/api/rsvp/{rsvpId}/payment', 'get'>>(`/api/rsvp/${encodeURIComponent(rsvpId ?? '')}/payment`, {
        signal,
      }).then((r) => r.data.payment),
    enabled: Boolean(rsvpId),
    staleTime: 0,
    refetchInterval: options.refetchInterval ?? false,
  });
}

export function useSubmitRsvp(code: string) {
  const client = useQueryClient();
  return useMutation<ApiSchema<'RsvpAnswer'>, ApiError, RsvpAnswer>({
    mutationFn: (answer) =>
      apiRequest<ApiAnswer<'/api/invitations/{code}/rsvp', 'post'>>(
        'POST',
        `/api/invitations/${encodeURIComponent(code)}/rsvp`,
        answer,
      ).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationKey(code) }),
  });
}
