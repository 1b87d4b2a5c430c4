import Stripe from 'stripe';
import type { AppConfig } from '../../config/environment';
import {
  GatewayError,
  type ChargeSavedCardInput,
  type CreateIntentInput,
  type GatewayCard,
  type GatewaySetup,
  type GatewayIntent,
  type GatewayRefund,
  type IntentStatus,
  type PaymentGateway,
} from './payment-gateway';

/** Stripe through its official SDK. STRIPE_API_URL points it at another host (tests). */
export class StripeGateway implements PaymentGateway {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(config: AppConfig) {
    if (!config.STRIPE_SECRET_KEY) throw new Error('StripeGateway needs STRIPE_SECRET_KEY');
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY, {
      ...stripeHostOptions(config.STRIPE_API_URL),
      maxNetworkRetries: 0,
      telemetry: false,
    });
  }

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          description: input.description,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
          ...(input.captureMethod ? { capture_method: input.captureMethod } : {}),
          ...(input.customerId ? { customer: input.customerId } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toGatewayIntent(intent);
  }

  async retrieveIntent(id: string): Promise<GatewayIntent | null> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
      return toGatewayIntent(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw toGatewayError(error);
    }
  }

  async cancelIntent(id: string): Promise<GatewayIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }, { idempotencyKey: `cancel:${id}` }),
    );
    return toGatewayIntent(intent);
  }

  async refund(input: {
    paymentIntentId: string;
    idempotencyKey: string;
    reason?: string;
    amount?: number;
  }): Promise<GatewayRefund> {
    const refund = await this.call(() =>
      this.stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          ...(input.amount !== undefined ? { amount: input.amount } : {}),
          ...(input.reason ? { metadata: { reason: input.reason } } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: refund.id, status: refund.status ?? 'pending' };
  }

  async createCustomer(input: {
    email: string;
    name: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<string> {
    const customer = await this.call(() =>
      this.stripe.customers.create(
        { email: input.email, name: input.name, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return customer.id;
  }

  async createSetup(input: {
    customerId: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<GatewaySetup> {
    const setup = await this.call(() =>
      this.stripe.setupIntents.create(
        {
          customer: input.customerId,
          usage: 'off_session',
          payment_method_types: ['card'],
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toGatewaySetup(setup);
  }

  async retrieveSetup(id: string): Promise<GatewaySetup | null> {
    try {
      return toGatewaySetup(await this.stripe.setupIntents.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw toGatewayError(error);
    }
  }

  async retrieveCard(paymentMethodId: string): Promise<GatewayCard | null> {
    try {
      const method = await this.stripe.paymentMethods.retrieve(paymentMethodId);
      if (!method.card) return null;
      return {
        id: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw toGatewayError(error);
    }
  }

  async detachCard(paymentMethodId: string): Promise<void> {
    await this.call(() => this.stripe.paymentMethods.detach(paymentMethodId));
  }

  /** On-session: the member is present to answer 3-D Secure, so no off_session flag. */
  async chargeSavedCard(input: ChargeSavedCardInput): Promise<GatewayIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          description: input.description,
          metadata: input.metadata,
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          payment_method_types: ['card'],
          capture_method: input.captureMethod ?? 'automatic',
          confirm: true,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toGatewayIntent(intent);
  }

  async captureIntent(id: string, idempotencyKey: string): Promise<GatewayIntent> {
    const intent = await this.call(() => this.stripe.paymentIntents.capture(id, {}, { idempotencyKey }));
    return toGatewayIntent(intent);
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw toGatewayError(error);
    }
  }
}

function stripeHostOptions(apiUrl: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

function toGatewayError(error: unknown): Error {
  if (error instanceof Stripe.errors.StripeError) {
    return new GatewayError(error.message, error.type, error.statusCode, error.code);
  }
  return error instanceof Error ? error : new Error(String(error));
}

function toGatewayIntent(intent: Stripe.PaymentIntent): GatewayIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as IntentStatus,
    amount: intent.amount,
    currency: intent.currency,
    paymentMethodType: charge?.payment_method_details?.type ?? intent.payment_method_types?.[0] ?? null,
    receiptUrl: charge?.receipt_url ?? null,
    lastError: intent.last_payment_error?.message ?? null,
  };
}

function toGatewaySetup(setup: Stripe.SetupIntent): GatewaySetup {
  const id = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));
  return {
    id: setup.id,
    clientSecret: setup.client_secret ?? '',
    status: setup.status,
    customerId: id(setup.customer) ?? '',
    paymentMethodId: id(setup.payment_method),
    metadata: (setup.metadata ?? {}) as Record<string, string>,
  };
}
