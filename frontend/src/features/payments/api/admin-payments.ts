import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adminRequest, useAdminQuery } from '../../../api/admin-client';

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
  refundReason: 'admin' | 'no_seat' | 'changed' | 'duplicate' | 'event_cancelled' | 'guest_change' | null;
  refundRequestedAt: string | null;
  /** Why the provider refused the last refund request; Refund may be asked again. */
  refundError: string | null;
  /** Set when the guest changed their answer before paying: this payment was replaced. */
  supersededAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Major units given back in part (a guest who brought fewer guests): landed, and asked for. */
  partRefunded: number;
  partRefundPending: number;
  invitation: { id: number; recipientName: string; recipientEmail: string; invitationCode: string; status: string };
  event: { id: number; name: string; date: string; currency: string };
  rsvp: { id: string; status: string; guestCount: number };
}

export interface AdminPaymentsPage {
  data: AdminPayment[];
  total: number;
}

export const adminPaymentsKey = (eventId?: number) => ['admin', 'payments', eventId ?? 'all'] as const;
/**
 * The Launch Party tab's lists (its feature's key prefix): a refund gives the RSVP's seats back
 * and the invitation reads declined, so they are refetched with the payments.
 */
const LAUNCH_PARTY_LISTS = ['admin', 'launch-party'] as const;

/** How long the table keeps looking for a refund to land before it leaves it to the admin. */
const REFUND_WATCH_MS = 10 * 60_000;

/** A refund asked for that has neither landed nor been refused yet. */
export function refundPending(p: AdminPayment): boolean {
  return p.status === 'succeeded' && Boolean(p.refundRequestedAt);
}

export function useAdminPayments(eventId: number | undefined, page: number, pageSize: number) {
  const base = eventId ? `/api/admin/events/${eventId}/payments` : '/api/admin/payments';
  return useAdminQuery<AdminPaymentsPage>(
    [...adminPaymentsKey(eventId), page, pageSize],
    `${base}?page=${page}&pageSize=${pageSize}`,
    {
      // A refund lands through the provider's event (or comes back refused): look again until it
      // has, for a while; a refund still out after that is the admin's to follow up.
      refetchInterval: (query) =>
        query.state.data?.data.some(
          (p) => refundPending(p) && Date.now() - new Date(p.refundRequestedAt ?? 0).getTime() < REFUND_WATCH_MS,
        )
          ? 1500
          : false,
    },
  );
}

/** After a refund (asked, landed or refused): the payments and the lists it changes. */
export function useRefreshAfterRefund() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'payments'] }),
        client.invalidateQueries({ queryKey: LAUNCH_PARTY_LISTS }),
      ]),
    [client],
  );
}

export function useRefundPayment() {
  const refresh = useRefreshAfterRefund();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest<{ data: AdminPayment }>('POST', `/api/admin/payments/${encodeURIComponent(id)}/refund`),
    onSettled: () => refresh(),
  });
}
