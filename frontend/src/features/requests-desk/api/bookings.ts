/** The payment on a request, for the desk: seen, a hold captured or released, a booking cancelled. */
import { useQueryClient } from '@tanstack/react-query';
import { adminRequest, useAdminQuery } from '../../../api/admin-client';
import type { ApiSchema } from '../../../api/types';

export type DeskBookingPayment = ApiSchema<'BookingPayment'>;

const key = (requestId: string) => ['admin', 'user-requests', 'bookings', requestId] as const;

export function useRequestBookings(requestId: string) {
  return useAdminQuery<{ data: DeskBookingPayment[] }>(
    key(requestId),
    `/api/admin/user-requests/${requestId}/bookings`,
  );
}

export function useBookingAction(requestId: string) {
  const client = useQueryClient();
  return async (action: 'capture' | 'release' | 'cancel') => {
    await adminRequest('POST', `/api/admin/user-requests/${requestId}/bookings/${action}`);
    await client.invalidateQueries({ queryKey: ['admin', 'user-requests'] });
  };
}
