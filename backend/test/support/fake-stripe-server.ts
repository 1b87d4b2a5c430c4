import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export interface FakeIntent extends Json {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  payment_method_types: string[];
  livemode: false;
}

export interface FakeCharge extends Json {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  paid: boolean;
  status: 'succeeded';
  receipt_url: string;
  payment_method_details: { type: string };
}

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  type: string;
  data: { object: Json };
}

/** Test cards as payment method ids, the way Stripe's test mode names them. */
const DECLINED = new Set(['pm_card_chargeDeclined', 'pm_card_visa_chargeDeclined']);
/** Asks for 3-D Secure on every payment (Stripe's 4000 0027 6000 3184). */
const AUTHENTICATES = new Set(['pm_card_authenticationRequired', 'pm_card_threeDSecure2Required']);
const LAST4: Record<string, string> = {
  pm_card_visa: '4242',
  pm_card_mastercard: '4444',
  pm_card_authenticationRequired: '3184',
  pm_card_chargeDeclined: '0341',
};

export interface FakeSetupIntent extends Json {
  id: string;
  object: 'setup_intent';
  status: string;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  usage: string;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * A small Stripe-compatible HTTP server for tests (node:http, form-encoded bodies): payment
 * intents, confirmation with test payment methods, refunds, and the events a real account would
 * send, which the tests sign and deliver to our webhook. Errors are `{error: {type, message}}`.
 */
export async function startFakeStripe(options: { secretKey?: string } = {}) {
  const secretKey = options.secretKey ?? 'sk_test_fake_123';
  const intents = new Map<string, FakeIntent>();
  const setups = new Map<string, FakeSetupIntent>();
  /** Saved payment methods: their id, the test card they were made from, their customer. */
  const methods = new Map<string, { kind: string; customer: string | null }>();
  const kindOf = (paymentMethod: string) => methods.get(paymentMethod)?.kind ?? paymentMethod;
  const charges = new Map<string, FakeCharge>();
  const idempotent = new Map<string, { status: number; body: Json; params: string }>();
  const events: FakeEvent[] = [];
  const requests: Array<{ method: string; path: string; body: URLSearchParams; idempotencyKey?: string }> = [];
  let failNextRequests = 0;
  let dropNextAnswers = 0;

  const emit = (type: string, object: Json): FakeEvent => {
    const event: FakeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: '2025-09-30.clover',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object: JSON.parse(JSON.stringify(object)) as Json },
    };
    events.push(event);
    return event;
  };

  const error = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });

  const withCharge = (intent: FakeIntent, expand: string[]) =>
    expand.includes('latest_charge') && intent.latest_charge
      ? { ...intent, latest_charge: charges.get(intent.latest_charge) }
      : intent;

  /** What Stripe.js does in the browser: confirm the intent with a payment method. */
  const confirm = (intent: FakeIntent, paymentMethod: string, authenticated = false) => {
    if (intent.status === 'succeeded')
      return error(400, 'invalid_request_error', 'This PaymentIntent has already succeeded.');
    intent.payment_method = paymentMethod;
    if (DECLINED.has(kindOf(paymentMethod))) return take(intent);
    if (AUTHENTICATES.has(kindOf(paymentMethod)) && !authenticated) {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk' };
      emit('payment_intent.requires_action', intent);
      return { status: 200, body: intent as Json };
    }
    if (intent.capture_method === 'manual') {
      Object.assign(intent, { status: 'requires_capture', amount_capturable: intent.amount, last_payment_error: null });
      emit('payment_intent.amount_capturable_updated', intent);
      return { status: 200, body: intent as Json };
    }
    return take(intent);
  };

  /** The money is taken: a charge, and the success events. */
  const take = (intent: FakeIntent) => {
    const paymentMethod = String(intent.payment_method ?? 'pm_card_visa');
    if (DECLINED.has(kindOf(paymentMethod))) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
      emit('payment_intent.payment_failed', intent);
      return error(402, 'card_error', 'Your card was declined.', 'card_declined');
    }
    const charge: FakeCharge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      payment_intent: intent.id,
      refunded: false,
      paid: true,
      status: 'succeeded',
      receipt_url: `https://pay.stripe.com/receipts/payment/${randomBytes(16).toString('hex')}`,
      payment_method_details: { type: 'card' },
    };
    charges.set(charge.id, charge);
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      last_payment_error: null,
    });
    emit('charge.succeeded', charge);
    emit('payment_intent.succeeded', intent);
    return { status: 200, body: intent as Json };
  };

  const route = (method: string, path: string, body: URLSearchParams, query: URLSearchParams) => {
    const expand = [...body.getAll('expand[]'), ...query.getAll('expand[]'), ...query.getAll('expand[0]')];
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(body.get('amount'));
      const currency = body.get('currency') ?? '';
      if (!Number.isInteger(amount) || amount < 1)
        return error(400, 'invalid_request_error', 'Invalid positive integer');
      if (!currency) return error(400, 'invalid_request_error', 'Missing required param: currency.');
      const metadata: Record<string, string> = {};
      for (const [key, value] of body) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m) metadata[m[1]] = value;
      }
      const id = newId('pi');
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata,
        latest_charge: null,
        last_payment_error: null,
        payment_method_types: ['card'],
        capture_method: body.get('capture_method') ?? 'automatic',
        customer: body.get('customer'),
        payment_method: body.get('payment_method'),
        livemode: false,
      };
      intents.set(id, intent);
      emit('payment_intent.created', intent);
      const saved = body.get('payment_method');
      if (body.get('confirm') === 'true' && saved) {
        const method = methods.get(saved);
        if (!method || method.customer !== intent.customer) {
          return error(400, 'invalid_request_error', `No such PaymentMethod: '${saved}'`, 'resource_missing');
        }
        return confirm(intent, saved);
      }
      return { status: 200, body: intent as Json };
    }
    if ((match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && method === 'GET') {
      const intent = intents.get(match[1]);
      if (!intent)
        return error(404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, 'resource_missing');
      return { status: 200, body: withCharge(intent, expand) as Json };
    }
    if ((match = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path)) && method === 'POST') {
      const intent = intents.get(match[1]);
      if (!intent)
        return error(404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, 'resource_missing');
      return confirm(intent, body.get('payment_method') ?? 'pm_card_visa');
    }
    if ((match = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path)) && method === 'POST') {
      const intent = intents.get(match[1]);
      if (!intent)
        return error(404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, 'resource_missing');
      if (intent.status !== 'requires_capture') {
        return error(
          400,
          'invalid_request_error',
          `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
          'payment_intent_unexpected_state',
        );
      }
      return take(intent);
    }
    if (method === 'POST' && path === '/v1/customers') {
      return { status: 200, body: { id: newId('cus'), object: 'customer', email: body.get('email') } };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const metadata: Record<string, string> = {};
      for (const [key, value] of body) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m) metadata[m[1]] = value;
      }
      const id = newId('seti');
      const setup: FakeSetupIntent = {
        id,
        object: 'setup_intent',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        customer: body.get('customer'),
        payment_method: null,
        metadata,
        usage: body.get('usage') ?? 'off_session',
      };
      setups.set(id, setup);
      return { status: 200, body: setup as Json };
    }
    if ((match = /^\/v1\/setup_intents\/([^/]+)$/.exec(path)) && method === 'GET') {
      const setup = setups.get(match[1]);
      if (!setup) return error(404, 'invalid_request_error', `No such setupintent: '${match[1]}'`, 'resource_missing');
      return { status: 200, body: setup as Json };
    }
    if ((match = /^\/v1\/setup_intents\/([^/]+)\/confirm$/.exec(path)) && method === 'POST') {
      const setup = setups.get(match[1]);
      if (!setup) return error(404, 'invalid_request_error', `No such setupintent: '${match[1]}'`, 'resource_missing');
      const kind = body.get('payment_method') ?? 'pm_card_visa';
      if (DECLINED.has(kind) && kind !== 'pm_card_chargeDeclined') {
        return error(402, 'card_error', 'Your card was declined.', 'card_declined');
      }
      // Stripe makes a new payment method of the test card, attached to the setup's customer.
      const saved = newId('pm');
      methods.set(saved, { kind, customer: setup.customer });
      Object.assign(setup, { status: 'succeeded', payment_method: saved });
      emit('setup_intent.succeeded', setup);
      return { status: 200, body: setup as Json };
    }
    if ((match = /^\/v1\/payment_methods\/([^/]+)$/.exec(path)) && method === 'GET') {
      const saved = methods.get(match[1]);
      if (!saved)
        return error(404, 'invalid_request_error', `No such PaymentMethod: '${match[1]}'`, 'resource_missing');
      return {
        status: 200,
        body: {
          id: match[1],
          object: 'payment_method',
          type: 'card',
          customer: saved.customer,
          card: { brand: 'visa', last4: LAST4[saved.kind] ?? '4242', exp_month: 12, exp_year: 2030 },
        },
      };
    }
    if ((match = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path)) && method === 'POST') {
      const saved = methods.get(match[1]);
      if (!saved)
        return error(404, 'invalid_request_error', `No such PaymentMethod: '${match[1]}'`, 'resource_missing');
      saved.customer = null;
      return { status: 200, body: { id: match[1], object: 'payment_method', customer: null } };
    }
    if ((match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path)) && method === 'POST') {
      const intent = intents.get(match[1]);
      if (!intent)
        return error(404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, 'resource_missing');
      if (intent.status === 'succeeded') {
        return error(
          400,
          'invalid_request_error',
          'You cannot cancel this PaymentIntent because it has a status of succeeded.',
        );
      }
      intent.status = 'canceled';
      emit('payment_intent.canceled', intent);
      return { status: 200, body: intent as Json };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(body.get('payment_intent') ?? '');
      if (!intent)
        return error(
          404,
          'invalid_request_error',
          `No such payment_intent: '${body.get('payment_intent')}'`,
          'resource_missing',
        );
      const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (!charge || intent.status !== 'succeeded') {
        return error(
          400,
          'invalid_request_error',
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        );
      }
      if (charge.refunded)
        return error(
          400,
          'invalid_request_error',
          `Charge ${charge.id} has already been refunded.`,
          'charge_already_refunded',
        );
      // Partial refunds as Stripe makes them: `amount` of what is left; the charge is refunded once nothing is.
      const left = charge.amount - charge.amount_refunded;
      const amount = body.has('amount') ? Number(body.get('amount')) : left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        return error(
          400,
          'invalid_request_error',
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        );
      }
      Object.assign(charge, { amount_refunded: charge.amount_refunded + amount, refunded: amount === left });
      const refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        payment_intent: intent.id,
        status: 'succeeded',
        currency: charge.currency,
      };
      emit('charge.refunded', charge);
      return { status: 200, body: refund };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = req.headers['idempotency-key'];
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        body,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      });
      const send = (status: number, payload: Json) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
        res.end(JSON.stringify(payload));
      };
      if (failNextRequests > 0) {
        failNextRequests -= 1;
        return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      }
      // Stripe's idempotency: the same key answers the first answer again, and refuses other parameters.
      const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const cacheKey = typeof key === 'string' ? `${url.pathname}:${key}` : undefined;
      const params = body.toString();
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      let answer: { status: number; body: Json };
      if (cached && cached.params !== params) {
        answer = error(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key as string}' if you meant to execute a different request.`,
        );
      } else if (cached) {
        answer = cached;
      } else {
        answer = route(req.method ?? 'GET', url.pathname, body, url.searchParams);
        if (cacheKey && answer.status < 500) idempotent.set(cacheKey, { ...answer, params });
      }
      if (dropNextAnswers > 0) {
        // The request was carried out, but its answer never reaches the caller (a timeout).
        dropNextAnswers -= 1;
        return req.socket.destroy();
      }
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const sdk = new Stripe(secretKey, {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });

  return {
    url,
    secretKey,
    intents,
    charges,
    events,
    requests,
    /** The SDK as the browser's Stripe.js would use it against this server. */
    sdk,
    /** The events of one type for one intent (or charge of that intent), oldest first. */
    eventsFor(intentId: string, type?: string): FakeEvent[] {
      return events.filter((e) => {
        const o = e.data.object;
        return (o.id === intentId || o.payment_intent === intentId) && (!type || e.type === type);
      });
    },
    /** Makes the next n requests answer 500 (an outage). */
    failNext(count: number) {
      failNextRequests = count;
    },
    /** Carries out the next n requests but cuts the connection instead of answering (a lost answer). */
    dropNextAnswers(count: number) {
      dropNextAnswers = count;
    },
    setups,
    /** What Stripe.js does when the bank's 3-D Secure page is completed: the payment goes on. */
    authenticate(intentId: string) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== 'requires_action') throw new Error(`No intent awaiting 3-D Secure: ${intentId}`);
      return confirm(intent, String(intent.payment_method), true);
    },
    /** A Stripe-shaped event that the account did not produce (for order and duplicate tests). */
    makeEvent: emit,
    reset() {
      intents.clear();
      setups.clear();
      methods.clear();
      charges.clear();
      idempotent.clear();
      events.length = 0;
      requests.length = 0;
      failNextRequests = 0;
      dropNextAnswers = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** Signs a payload as Stripe does, with the endpoint's secret. */
export function signedWebhook(event: object, secret: string): { payload: string; signature: string } {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}
