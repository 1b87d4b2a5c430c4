/**
 * The guest payment calls (spec section 7) and the test gateway's card call. The amount sent is
 * what the page shows; the server computes its own and refuses a mismatch.
 */
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest, ApiError } from '../../../api/client';
// The invitation is the invitations feature's query: one key, so the RSVP form's change reaches this page.
import { fetchInvitation, invitationKey, type InvitationView } from '../../invitations';

export type PaymentsMode = 'stripe' | 'test';

export interface PaymentsConfig {
  mode: PaymentsMode;
  publishableKey: string | null;
}

export interface CreatedPayment {
  payment: { id: string; amount: number; currency: string };
  clientSecret: string;
}

export type ProviderResult =
  { ok: true; paymentIntentId: string; paymentMethodType: string } | { ok: false; message: string };

export const paymentsConfigKey = ['payments', 'config'] as const;
export const paymentKey = (rsvpId: string, amount: number) => ['payments', 'rsvp', rsvpId, amount] as const;

export async function getPaymentsConfig(): Promise<PaymentsConfig> {
  const answer = await apiGet<{ data?: { paymentsMode?: string; stripePublishableKey?: string | null } }>(
    '/api/config/public',
  );
  const key = answer?.data?.stripePublishableKey ?? null;
  return { mode: answer?.data?.paymentsMode === 'stripe' && key ? 'stripe' : 'test', publishableKey: key };
}

export async function createPayment(rsvpId: string, amount: number): Promise<CreatedPayment> {
  const answer = await apiRequest<{ data: CreatedPayment }>('POST', `/api/rsvp/${encodeURIComponent(rsvpId)}/payment`, {
    amount,
  });
  return answer.data;
}

export async function confirmPayment(
  paymentId: string,
  paymentIntentId: string,
  paymentMethodType: string,
): Promise<void> {
  await apiRequest('POST', `/api/payments/${encodeURIComponent(paymentId)}/confirm`, {
    paymentIntentId,
    paymentMethodType,
  });
}

/** The offline test gateway: what Stripe.js would do with a card, against our server. */
export async function confirmTestCard(
  clientSecret: string,
  card: { cardNumber: string; expiry: string; cvc: string },
): Promise<ProviderResult> {
  const intentId = clientSecret.split('_secret_')[0];
  try {
    const answer = await apiRequest<{ data: { paymentIntent: { id: string; paymentMethodType?: string } } }>(
      'POST',
      `/api/test-payments/intents/${encodeURIComponent(intentId)}/confirm`,
      { clientSecret, ...card },
    );
    const intent = answer.data.paymentIntent;
    return { ok: true, paymentIntentId: intent.id, paymentMethodType: intent.paymentMethodType ?? 'card' };
  } catch (error) {
    // The provider's message (a decline, a mistyped card), else the spec's generic one.
    const readable = error instanceof ApiError && error.status !== 0 && error.message !== error.summary;
    return { ok: false, message: readable ? error.message : 'Something went wrong with your payment' };
  }
}

export function usePaymentsConfig() {
  return useQuery({ queryKey: paymentsConfigKey, queryFn: getPaymentsConfig });
}

/** The invitation the page charges for, always fetched afresh when the page opens (the guest count may have changed). */
export function useInvitation(code: string) {
  return useQuery<InvitationView, ApiError>({
    queryKey: invitationKey(code),
    queryFn: async ({ signal }) => {
      const view = await fetchInvitation(code, signal);
      if (!view?.event) throw new ApiError(404, 'Invitation not found');
      return view;
    },
    staleTime: 0,
  });
}

/** Creating a payment is idempotent on the server (it reuses the open intent), so it can be a query. */
export function useCreatedPayment(rsvpId: string, amount: number | null) {
  return useQuery<CreatedPayment, ApiError>({
    queryKey: paymentKey(rsvpId, amount ?? 0),
    queryFn: () => createPayment(rsvpId, amount ?? 0),
    enabled: amount !== null && amount > 0,
    gcTime: 0,
  });
}
