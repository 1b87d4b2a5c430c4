import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest, useAdminQuery } from '../../admin/api/admin-client';

export interface AdminPayment {
  id: string;
  rsvpId: string;
  amount: number;
  amountMinor: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'refunded';
  paymentMethodType: string | null;
  transactionId: string | null;
  paymentDate: string | null;
  refundedAt: string | null;
  receiptUrl: string | null;
  failureMessage: string | null;
  refundReason: 'admin' | 'no_seat' | null;
  refundRequestedAt: string | null;
  createdAt: string;
  updatedAt: string;
  invitation: { id: number; recipientName: string; recipientEmail: string; invitationCode: string; status: string };
  event: { id: number; name: string; date: string; currency: string };
  rsvp: { id: string; status: string; guestCount: number };
}

export interface AdminPaymentsPage {
  data: AdminPayment[];
  total: number;
}

export const adminPaymentsKey = (eventId?: number) => ['admin', 'payments', eventId ?? 'all'] as const;

export function useAdminPayments(eventId: number | undefined, page: number, pageSize: number) {
  const base = eventId ? `/api/admin/events/${eventId}/payments` : '/api/admin/payments';
  return useAdminQuery<AdminPaymentsPage>(
    [...adminPaymentsKey(eventId), page, pageSize],
    `${base}?page=${page}&pageSize=${pageSize}`,
    {
      // A refund lands through the provider's event: look again until it has.
      refetchInterval: (query) =>
        query.state.data?.data.some((p) => p.status === 'succeeded' && p.refundRequestedAt) ? 1500 : false,
    },
  );
}

export function useRefundPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest<{ data: AdminPayment }>('POST', `/api/admin/payments/${encodeURIComponent(id)}/refund`),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'payments'] }),
  });
}
