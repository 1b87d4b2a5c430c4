/**
 * The card-payment provider, as our server needs it. Two implementations: Stripe (when
 * STRIPE_SECRET_KEY is set) and the offline test gateway (no keys; clearly labelled as such).
 * Both report outcomes as Stripe-shaped events that take the same path: stripe_events row +
 * outbox row -> stripe-webhooks queue -> worker.
 */
export type PaymentsMode = 'stripe' | 'test';

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface GatewayIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  /** Minor units. */
  amount: number;
  /** Lower case, as Stripe writes it. */
  currency: string;
  paymentMethodType: string | null;
  receiptUrl: string | null;
  /** The provider's message for the last failed attempt, if any. */
  lastError: string | null;
}

export interface CreateIntentInput {
  amount: number;
  currency: string;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
  /** 'manual' holds the amount until captured (or cancelled); absent: charged at once. */
  captureMethod?: CaptureMethod;
  /** The gateway customer the card is kept under, when it is to be charged again. */
  customerId?: string;
}

export type CaptureMethod = 'automatic' | 'manual';

/** A saved card's charge with the member present: created and confirmed in one call. */
export interface ChargeSavedCardInput extends CreateIntentInput {
  customerId: string;
  paymentMethodId: string;
}

/** A SetupIntent: the card form saves a card for later charges without taking money. */
export interface GatewaySetup {
  id: string;
  clientSecret: string;
  status:
    'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'canceled' | 'succeeded';
  customerId: string;
  paymentMethodId: string | null;
  metadata: Record<string, string>;
}

/** What a saved card shows: brand and last four. */
export interface GatewayCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface GatewayRefund {
  id: string;
  status: string;
}

/** The subset of a Stripe event we read; test-gateway events have the same shape. */
export interface GatewayEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: boolean;
  data: { object: Record<string, unknown> & { id: string; object: string } };
}

export interface PaymentGateway {
  readonly mode: PaymentsMode;
  createIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  /** null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<GatewayIntent | null>;
  /** Cancels an intent the guest may no longer pay; refused (GatewayError 400) once it succeeded. */
  cancelIntent(id: string): Promise<GatewayIntent>;
  /** Refunds `amount` (minor units) of the charge, or all that is left of it when absent. */
  refund(input: {
    paymentIntentId: string;
    idempotencyKey: string;
    reason?: string;
    amount?: number;
  }): Promise<GatewayRefund>;
  /** A customer to keep a member's cards under. */
  createCustomer(input: {
    email: string;
    name: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<string>;
  createSetup(input: {
    customerId: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<GatewaySetup>;
  retrieveSetup(id: string): Promise<GatewaySetup | null>;
  retrieveCard(paymentMethodId: string): Promise<GatewayCard | null>;
  /** Forgets a saved card at the provider (it can no longer be charged). */
  detachCard(paymentMethodId: string): Promise<void>;
  /**
   * Charges (or holds, with manual capture) a saved card, the member present: the answer may be
   * `requires_action` (3-D Secure, finished in the browser with the client secret). A decline is a
   * GatewayError of type card_error.
   */
  chargeSavedCard(input: ChargeSavedCardInput): Promise<GatewayIntent>;
  /** Takes a held amount (an intent in requires_capture). */
  captureIntent(id: string, idempotencyKey: string): Promise<GatewayIntent>;
}

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

/** Intent states in which the guest may still pay; such an intent is reused, never duplicated. */
export const OPEN_INTENT_STATUSES: IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

/** A provider failure we can show to a person (card declined, unknown id...). */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly type: string,
    readonly statusCode?: number,
    /** The provider's decline code (card_declined, insufficient_funds...), when it gave one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
