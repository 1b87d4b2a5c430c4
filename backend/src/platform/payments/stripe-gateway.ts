import Stripe from 'stripe';
import type { AppConfig } from '../../config/environment';
import {
  GatewayError,
  type CreateIntentInput,
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
    return new GatewayError(error.message, error.type, error.statusCode);
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
