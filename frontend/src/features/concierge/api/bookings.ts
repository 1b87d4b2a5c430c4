/** Accepting an option by paying for it (a signed-in member), and the member's booking payments. */
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../api/client';
import type { ApiSchema } from '../../../api/types';

export type PayState = ApiSchema<'PayState'>;
export type BookingPayment = ApiSchema<'BookingPayment'>;

export const bookingsKey = ['members', 'me', 'bookings'] as const;

/** One tap: the saved card is charged (or the amount held); the answer says what is left to do. */
export async function payOption(requestId: string, optionId: string): Promise<PayState> {
  const path = `/api/members/me/requests/${encodeURIComponent(requestId)}/options/${encodeURIComponent(optionId)}/pay`;
  return (await apiRequest<{ data: PayState }>('POST', path)).data;
}

export function useMyBookings(enabled: boolean) {
  return useQuery({
    queryKey: bookingsKey,
    queryFn: ({ signal }) =>
      apiGet<{ data: BookingPayment[] }>('/api/members/me/bookings', { signal }).then((answer) => answer.data),
    enabled,
    retry: false,
  });
}
