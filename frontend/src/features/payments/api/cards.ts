/**
 * The card form's calls for a saved card or a booking: what Stripe.js does against Stripe, or the
 * offline test gateway's same steps against our server (no Stripe keys).
 */
import { apiRequest, ApiError } from '../../../api/client';

/** Where the provider left it: done (paid, held or saved), awaiting 3-D Secure, or refused. */
export type CardOutcome =
  | { ok: true; status: 'succeeded' | 'processing' | 'requires_capture' | 'requires_action' }
  | { ok: false; message: string };

export const CARD_FAILED = 'Something went wrong with your card. Please try again.';

export const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

function refused(error: unknown): CardOutcome {
  // The provider's own words for a decline or a mistyped card; ours for anything else.
  const readable = error instanceof ApiError && error.status !== 0 && error.message !== error.summary;
  return { ok: false, message: readable ? error.message : CARD_FAILED };
}

function known(status: string): CardOutcome {
  if (
    status === 'succeeded' ||
    status === 'processing' ||
    status === 'requires_capture' ||
    status === 'requires_action'
  ) {
    return { ok: true, status };
  }
  return { ok: false, message: CARD_FAILED };
}

/** The test gateway's card form: saves a card (a SetupIntent) or pays an intent with it. */
export async function confirmTestCard(
  purpose: 'setup' | 'payment',
  clientSecret: string,
  card: { cardNumber: string; expiry: string; cvc: string },
): Promise<CardOutcome> {
  const id = encodeURIComponent(intentOf(clientSecret));
  try {
    if (purpose === 'setup') {
      await apiRequest('POST', `/api/test-payments/setup-intents/${id}/confirm`, { clientSecret, ...card });
      return { ok: true, status: 'succeeded' };
    }
    const answer = await apiRequest<{ data: { paymentIntent: { status: string } } }>(
      'POST',
      `/api/test-payments/intents/${id}/confirm`,
      { clientSecret, ...card },
    );
    return known(answer.data.paymentIntent.status);
  } catch (error) {
    return refused(error);
  }
}

/** The test gateway's 3-D Secure page: the member completes (or fails) it. */
export async function authenticateTestPayment(clientSecret: string, complete: boolean): Promise<CardOutcome> {
  try {
    const answer = await apiRequest<{ data: { paymentIntent: { status: string } } }>(
      'POST',
      `/api/test-payments/intents/${encodeURIComponent(intentOf(clientSecret))}/authenticate`,
      { clientSecret, outcome: complete ? 'complete' : 'fail' },
    );
    const status = answer.data.paymentIntent.status;
    return status === 'requires_payment_method'
      ? { ok: false, message: 'The authentication was not completed: the card was not charged.' }
      : known(status);
  } catch (error) {
    return refused(error);
  }
}
