import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import {
  GatewayError,
  type CaptureMethod,
  type ChargeSavedCardInput,
  type CreateIntentInput,
  type GatewayCard,
  type GatewaySetup,
  type GatewayEvent,
  type GatewayIntent,
  type GatewayRefund,
  type IntentStatus,
  type PaymentGateway,
} from './payment-gateway';

/** Receives the gateway's Stripe-shaped events inside the transaction that caused them. */
export interface PaymentEventSink {
  record(em: EntityManager, event: GatewayEvent): Promise<boolean>;
}

export interface TestCard {
  number: string;
  /** MM/YY or MM/YYYY. */
  expiry: string;
  cvc: string;
}

export type TestSetupOutcome = { ok: true; setup: GatewaySetup } | { ok: false; message: string; code: string };

export type TestCardOutcome = { ok: true; intent: GatewayIntent } | { ok: false; message: string; code: string };

interface IntentRow {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: IntentStatus;
  description: string;
  metadata: Record<string, string>;
  charge_id: string | null;
  payment_method_type: string | null;
  receipt_url: string | null;
  last_error: string | null;
  refunded: boolean;
  capture_method: CaptureMethod;
  customer_id: string | null;
  payment_method_id: string | null;
}

interface SetupRow {
  id: string;
  client_secret: string;
  customer_id: string;
  status: GatewaySetup['status'];
  payment_method_id: string | null;
  metadata: Record<string, string>;
}

interface MethodRow {
  id: string;
  customer_id: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: 'succeeds' | 'authenticates' | 'declines';
}

/** Card numbers with a fixed outcome, as in Stripe's test mode. Other valid numbers succeed. */
const DECLINES: Record<string, { message: string; code: string }> = {
  '4000000000000002': { message: 'Your card was declined.', code: 'card_declined' },
  '4000000000009995': { message: 'Your card has insufficient funds.', code: 'insufficient_funds' },
};

/** A card that asks for 3-D Secure on every payment made with the member present. */
const AUTHENTICATES = new Set(['4000002760003184', '4000002500003155']);
/** Saved without trouble, declined when charged (as Stripe's 4000 0000 0000 0341). */
const DECLINES_WHEN_CHARGED = '4000000000000341';
const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/**
 * The offline payments gateway used when no Stripe keys are set: TEST PAYMENTS ONLY, no card is
 * ever charged. It keeps its intents in our database and decides by card number; each outcome
 * is emitted as a Stripe-shaped event into the same path real webhooks take.
 */
export class TestPaymentGateway implements PaymentGateway {
  readonly mode = 'test' as const;

  constructor(
    private readonly em: EntityManager,
    private readonly sink: PaymentEventSink,
    private readonly receiptBaseUrl: string,
  ) {}

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    const em = this.em.fork();
    const intentId = id('pi');
    await em.execute(
      `insert into test_gateway_intents (id, idempotency_key, client_secret, amount, currency, status, description, metadata,
                                         capture_method, customer_id)
       values (?, ?, ?, ?, ?, 'requires_payment_method', ?, ?::jsonb, ?, ?)
       on conflict (idempotency_key) do nothing`,
      [
        intentId,
        input.idempotencyKey,
        `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        input.amount,
        input.currency.toLowerCase(),
        input.description,
        JSON.stringify(input.metadata),
        input.captureMethod ?? 'automatic',
        input.customerId ?? null,
      ],
    );
    const [row] = await em.execute<IntentRow[]>('select * from test_gateway_intents where idempotency_key = ?', [
      input.idempotencyKey,
    ]);
    if (row.amount !== input.amount || row.currency !== input.currency.toLowerCase()) {
      throw new GatewayError(
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        'idempotency_error',
        400,
      );
    }
    return toIntent(row);
  }

  async retrieveIntent(intentId: string): Promise<GatewayIntent | null> {
    const [row] = await this.em
      .fork()
      .execute<IntentRow[]>('select * from test_gateway_intents where id = ?', [intentId]);
    return row ? toIntent(row) : null;
  }

  /** What Stripe.js does in the browser with the Payment Element: confirm with a card. */
  async confirmCard(intentId: string, clientSecret: string, card: TestCard): Promise<TestCardOutcome> {
    const invalid = validateCard(card);
    if (invalid) return { ok: false, ...invalid };
    return this.em.fork().transactional(async (em) => {
      const [row] = await em.execute<IntentRow[]>('select * from test_gateway_intents where id = ? for update', [
        intentId,
      ]);
      if (!row || row.client_secret !== clientSecret) {
        throw new GatewayError(`No such payment_intent: '${intentId}'`, 'invalid_request_error', 404);
      }
      if (row.status === 'succeeded') return { ok: true as const, intent: toIntent(row) };
      if (row.status === 'canceled') {
        throw new GatewayError('This PaymentIntent has been canceled.', 'invalid_request_error', 400);
      }
      const decline = DECLINES[digits(card.number)];
      if (decline) {
        const [failed] = await em.execute<IntentRow[]>(
          `update test_gateway_intents set status = 'requires_payment_method', last_error = ?, updated_at = now()
            where id = ? returning *`,
          [decline.message, intentId],
        );
        await this.sink.record(em, this.event('payment_intent.payment_failed', intentObject(failed, decline.code)));
        return { ok: false as const, ...decline };
      }
      // Bookings meet 3-D Secure as Stripe's test cards ask for it; ticket payments never did.
      if (row.metadata?.purpose === 'booking' && AUTHENTICATES.has(digits(card.number))) {
        const [waiting] = await em.execute<IntentRow[]>(
          `update test_gateway_intents set status = 'requires_action', payment_method_type = 'card', last_error = null,
              updated_at = now() where id = ? returning *`,
          [intentId],
        );
        return { ok: true as const, intent: toIntent(waiting) };
      }
      return { ok: true as const, intent: await this.complete(em, row) };
    });
  }

  /** A confirmed card's money: taken (automatic capture) or held (manual), with the event Stripe sends. */
  private async complete(em: EntityManager, row: IntentRow): Promise<GatewayIntent> {
    if (row.capture_method === 'manual') {
      const [held] = await em.execute<IntentRow[]>(
        `update test_gateway_intents set status = 'requires_capture', payment_method_type = 'card', last_error = null,
            updated_at = now() where id = ? returning *`,
        [row.id],
      );
      await this.sink.record(em, this.event('payment_intent.amount_capturable_updated', intentObject(held)));
      return toIntent(held);
    }
    const chargeId = id('ch');
    const [paid] = await em.execute<IntentRow[]>(
      `update test_gateway_intents set status = 'succeeded', charge_id = ?, payment_method_type = 'card',
          receipt_url = ?, last_error = null, updated_at = now() where id = ? returning *`,
      [chargeId, `${this.receiptBaseUrl}/${chargeId}`, row.id],
    );
    await this.sink.record(em, this.event('payment_intent.succeeded', intentObject(paid)));
    return toIntent(paid);
  }

  /** What the bank's 3-D Secure page does: the member completes (or fails) the authentication. */
  async authenticate(intentId: string, clientSecret: string, passed: boolean): Promise<GatewayIntent> {
    return this.em.fork().transactional(async (em) => {
      const row = await this.lockIntent(em, intentId);
      if (row.client_secret !== clientSecret) {
        throw new GatewayError(`No such payment_intent: '${intentId}'`, 'invalid_request_error', 404);
      }
      if (row.status !== 'requires_action') return toIntent(row);
      if (passed) return this.complete(em, row);
      const [failed] = await em.execute<IntentRow[]>(
        `update test_gateway_intents set status = 'requires_payment_method', last_error = ?, updated_at = now()
          where id = ? returning *`,
        [AUTHENTICATION_FAILED, intentId],
      );
      await this.sink.record(
        em,
        this.event('payment_intent.payment_failed', intentObject(failed, 'payment_intent_authentication_failure')),
      );
      return toIntent(failed);
    });
  }

  async createCustomer(): Promise<string> {
    return id('cus');
  }

  async createSetup(input: {
    customerId: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<GatewaySetup> {
    const setupId = id('seti');
    const [row] = await this.em.fork().execute<SetupRow[]>(
      `insert into test_gateway_setup_intents (id, client_secret, customer_id, status, metadata)
       values (?, ?, ?, 'requires_payment_method', ?::jsonb) returning *`,
      [
        setupId,
        `${setupId}_secret_${randomBytes(12).toString('hex')}`,
        input.customerId,
        JSON.stringify(input.metadata),
      ],
    );
    return toSetup(row);
  }

  async retrieveSetup(setupId: string): Promise<GatewaySetup | null> {
    const [row] = await this.em
      .fork()
      .execute<SetupRow[]>('select * from test_gateway_setup_intents where id = ?', [setupId]);
    return row ? toSetup(row) : null;
  }

  /** What Stripe.js does with the card form of a SetupIntent: the card is saved under the customer. */
  async confirmSetupCard(setupId: string, clientSecret: string, card: TestCard): Promise<TestSetupOutcome> {
    const invalid = validateCard(card);
    if (invalid) return { ok: false, ...invalid };
    return this.em.fork().transactional(async (em) => {
      const [row] = await em.execute<SetupRow[]>('select * from test_gateway_setup_intents where id = ? for update', [
        setupId,
      ]);
      if (!row || row.client_secret !== clientSecret) {
        throw new GatewayError(`No such setup_intent: '${setupId}'`, 'invalid_request_error', 404);
      }
      if (row.status === 'succeeded') return { ok: true as const, setup: toSetup(row) };
      const number = digits(card.number);
      const decline = DECLINES[number];
      if (decline) return { ok: false as const, ...decline };
      const [month, year] = expiryOf(card.expiry);
      const methodId = id('pm');
      await em.execute(
        `insert into test_gateway_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, behaviour)
         values (?, ?, ?, ?, ?, ?, ?)`,
        [
          methodId,
          row.customer_id,
          brandOf(number),
          number.slice(-4),
          month,
          year,
          AUTHENTICATES.has(number) ? 'authenticates' : number === DECLINES_WHEN_CHARGED ? 'declines' : 'succeeds',
        ],
      );
      const [saved] = await em.execute<SetupRow[]>(
        `update test_gateway_setup_intents set status = 'succeeded', payment_method_id = ? where id = ? returning *`,
        [methodId, setupId],
      );
      await this.sink.record(em, this.event('setup_intent.succeeded', setupObject(saved)));
      return { ok: true as const, setup: toSetup(saved) };
    });
  }

  async retrieveCard(paymentMethodId: string): Promise<GatewayCard | null> {
    const [row] = await this.em
      .fork()
      .execute<MethodRow[]>('select * from test_gateway_payment_methods where id = ?', [paymentMethodId]);
    return row
      ? { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year }
      : null;
  }

  async detachCard(paymentMethodId: string): Promise<void> {
    await this.em
      .fork()
      .execute('update test_gateway_payment_methods set customer_id = null where id = ?', [paymentMethodId]);
  }

  async chargeSavedCard(input: ChargeSavedCardInput): Promise<GatewayIntent> {
    const created = await this.createIntent(input);
    return this.em.fork().transactional(async (em) => {
      const row = await this.lockIntent(em, created.id);
      if (row.status !== 'requires_payment_method' || row.payment_method_id) return toIntent(row);
      const [method] = await em.execute<MethodRow[]>('select * from test_gateway_payment_methods where id = ?', [
        input.paymentMethodId,
      ]);
      if (!method || method.customer_id !== input.customerId) {
        throw new GatewayError(`No such PaymentMethod: '${input.paymentMethodId}'`, 'invalid_request_error', 400);
      }
      await em.execute('update test_gateway_intents set payment_method_id = ? where id = ?', [method.id, row.id]);
      if (method.behaviour === 'declines') {
        const decline = DECLINES['4000000000000002'];
        const [failed] = await em.execute<IntentRow[]>(
          `update test_gateway_intents set last_error = ?, updated_at = now() where id = ? returning *`,
          [decline.message, row.id],
        );
        await this.sink.record(em, this.event('payment_intent.payment_failed', intentObject(failed, decline.code)));
        throw new GatewayError(decline.message, 'card_error', 402, decline.code);
      }
      if (method.behaviour === 'authenticates') {
        const [waiting] = await em.execute<IntentRow[]>(
          `update test_gateway_intents set status = 'requires_action', payment_method_type = 'card', updated_at = now()
            where id = ? returning *`,
          [row.id],
        );
        return toIntent(waiting);
      }
      return this.complete(em, { ...row, payment_method_id: method.id });
    });
  }

  async captureIntent(intentId: string): Promise<GatewayIntent> {
    return this.em.fork().transactional(async (em) => {
      const row = await this.lockIntent(em, intentId);
      if (row.status === 'succeeded') return toIntent(row);
      if (row.status !== 'requires_capture') {
        throw new GatewayError(
          `This PaymentIntent could not be captured because it has a status of ${row.status}.`,
          'invalid_request_error',
          400,
        );
      }
      return this.complete(em, { ...row, capture_method: 'automatic' });
    });
  }

  private async lockIntent(em: EntityManager, intentId: string): Promise<IntentRow> {
    const [row] = await em.execute<IntentRow[]>('select * from test_gateway_intents where id = ? for update', [
      intentId,
    ]);
    if (!row) throw new GatewayError(`No such payment_intent: '${intentId}'`, 'invalid_request_error', 404);
    return row;
  }

  async cancelIntent(intentId: string): Promise<GatewayIntent> {
    return this.em.fork().transactional(async (em) => {
      const [row] = await em.execute<IntentRow[]>('select * from test_gateway_intents where id = ? for update', [
        intentId,
      ]);
      if (!row) throw new GatewayError(`No such payment_intent: '${intentId}'`, 'invalid_request_error', 404);
      if (row.status === 'canceled') return toIntent(row);
      if (row.status === 'succeeded') {
        throw new GatewayError(
          'You cannot cancel this PaymentIntent because it has a status of succeeded.',
          'invalid_request_error',
          400,
        );
      }
      const [canceled] = await em.execute<IntentRow[]>(
        `update test_gateway_intents set status = 'canceled', updated_at = now() where id = ? returning *`,
        [intentId],
      );
      await this.sink.record(em, this.event('payment_intent.canceled', intentObject(canceled)));
      return toIntent(canceled);
    });
  }

  /** Refunds `amount`, or what is left of the charge; Stripe's charge.refunded event follows each (partial ones too). */
  async refund(input: { paymentIntentId: string; idempotencyKey: string; amount?: number }): Promise<GatewayRefund> {
    return this.em.fork().transactional(async (em) => {
      const [existing] = await em.execute<Array<{ id: string }>>(
        'select id from test_gateway_refunds where idempotency_key = ?',
        [input.idempotencyKey],
      );
      if (existing) return { id: existing.id, status: 'succeeded' };
      const [row] = await em.execute<IntentRow[]>('select * from test_gateway_intents where id = ? for update', [
        input.paymentIntentId,
      ]);
      if (!row)
        throw new GatewayError(`No such payment_intent: '${input.paymentIntentId}'`, 'invalid_request_error', 404);
      if (row.status !== 'succeeded' || !row.charge_id) {
        throw new GatewayError(
          'This PaymentIntent does not have a successful charge to refund.',
          'invalid_request_error',
          400,
        );
      }
      if (row.refunded)
        throw new GatewayError(`Charge ${row.charge_id} has already been refunded.`, 'invalid_request_error', 400);
      const [{ refunded }] = await em.execute<Array<{ refunded: number }>>(
        'select coalesce(sum(amount), 0)::int as refunded from test_gateway_refunds where payment_intent_id = ?',
        [row.id],
      );
      const left = Number(row.amount) - Number(refunded);
      const amount = input.amount ?? left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        throw new GatewayError(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          'invalid_request_error',
          400,
        );
      }
      const refundId = id('re');
      await em.execute(
        'insert into test_gateway_refunds (id, idempotency_key, payment_intent_id, amount) values (?, ?, ?, ?)',
        [refundId, input.idempotencyKey, row.id, amount],
      );
      const whole = amount === left;
      if (whole)
        await em.execute('update test_gateway_intents set refunded = true, updated_at = now() where id = ?', [row.id]);
      await this.sink.record(em, this.event('charge.refunded', chargeObject(row, Number(refunded) + amount)));
      return { id: refundId, status: 'succeeded' };
    });
  }

  /** The receipt page's facts, for a charge this gateway made. */
  async receipt(
    chargeId: string,
  ): Promise<(GatewayIntent & { chargeId: string; description: string; refunded: boolean }) | null> {
    const [row] = await this.em
      .fork()
      .execute<IntentRow[]>('select * from test_gateway_intents where charge_id = ?', [chargeId]);
    return row ? { ...toIntent(row), chargeId, description: row.description, refunded: row.refunded } : null;
  }

  private event(type: string, object: GatewayEvent['data']['object']): GatewayEvent {
    return {
      id: id('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    };
  }
}

function digits(value: string): string {
  return String(value ?? '').replace(/\D/g, '');
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The messages Stripe's card form shows for the same mistakes. */
export function validateCard(card: TestCard, now = new Date()): { message: string; code: string } | null {
  const number = digits(card.number);
  if (number.length < 13 || number.length > 19 || !luhn(number)) {
    return { message: 'Your card number is incorrect.', code: 'incorrect_number' };
  }
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(String(card.expiry ?? ''));
  const month = match ? Number(match[1]) : 0;
  if (!match || month < 1 || month > 12) {
    return { message: "Your card's expiration date is incomplete.", code: 'incomplete_expiry' };
  }
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { message: "Your card's expiration year is in the past.", code: 'invalid_expiry_year' };
  }
  if (!/^\d{3,4}$/.test(String(card.cvc ?? '').trim())) {
    return { message: "Your card's security code is incomplete.", code: 'incomplete_cvc' };
  }
  return null;
}

function expiryOf(expiry: string): [number, number] {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry) as RegExpExecArray;
  return [Number(match[1]), match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2])];
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}

function toSetup(row: SetupRow): GatewaySetup {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    status: row.status,
    customerId: row.customer_id,
    paymentMethodId: row.payment_method_id,
    metadata: row.metadata ?? {},
  };
}

function setupObject(row: SetupRow): GatewayEvent['data']['object'] {
  return {
    id: row.id,
    object: 'setup_intent',
    status: row.status,
    customer: row.customer_id,
    payment_method: row.payment_method_id,
    metadata: row.metadata,
    usage: 'off_session',
    livemode: false,
  };
}

function toIntent(row: IntentRow): GatewayIntent {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    paymentMethodType: row.payment_method_type,
    receiptUrl: row.receipt_url,
    lastError: row.last_error,
  };
}

function intentObject(row: IntentRow, declineCode?: string): GatewayEvent['data']['object'] {
  return {
    id: row.id,
    object: 'payment_intent',
    amount: Number(row.amount),
    amount_received: row.status === 'succeeded' ? Number(row.amount) : 0,
    currency: row.currency,
    status: row.status,
    description: row.description,
    metadata: row.metadata,
    latest_charge: row.charge_id,
    payment_method_types: ['card'],
    capture_method: row.capture_method ?? 'automatic',
    amount_capturable: row.status === 'requires_capture' ? Number(row.amount) : 0,
    customer: row.customer_id ?? null,
    payment_method: row.payment_method_id ?? null,
    last_payment_error: row.last_error
      ? { type: 'card_error', code: declineCode ?? 'card_declined', message: row.last_error }
      : null,
    livemode: false,
  };
}

function chargeObject(row: IntentRow, amountRefunded: number): GatewayEvent['data']['object'] {
  return {
    id: row.charge_id as string,
    object: 'charge',
    amount: Number(row.amount),
    amount_refunded: amountRefunded,
    currency: row.currency,
    payment_intent: row.id,
    refunded: amountRefunded >= Number(row.amount),
    paid: true,
    status: 'succeeded',
    receipt_url: row.receipt_url,
    payment_method_details: { type: row.payment_method_type ?? 'card' },
    livemode: false,
  };
}
