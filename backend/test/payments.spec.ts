import { Client } from 'pg';
import request from 'supertest';
import { readable } from './support/launch-party-fixtures';
import { startFakeStripe, signedWebhook, type FakeEvent, type FakeStripe } from './support/fake-stripe-server';
import { admin, adminEnv, createEvent, createInvitation, resetWithAdmin, rsvp } from './support/launch-party-fixtures';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/eventually';

const WEBHOOK_SECRET = 'whsec_test_payments_secret';

type Row = Record<string, unknown>;

describe('Payments with Stripe (a local Stripe-compatible server)', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    stripe = await startFakeStripe();
    t = await createTestApp({
      worker: true,
      env: {
        ...adminEnv,
        SMTP_URL: smtp.url,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
      },
    });
  });
  beforeEach(async () => {
    await resetWithAdmin(t);
    stripe.reset();
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
    await smtp.close();
  });

  const sql = <T = Row>(query: string, params: unknown[] = []) => t.orm.em.getConnection().execute<T[]>(query, params);

  /** An invited guest who answered 'attending' to a paid event: seats held while they pay. */
  async function paidRsvp(
    options: { price?: number; currency?: string; guests?: number; capacity?: number; email?: string } = {},
  ) {
    const event = await createEvent(t, {
      ticketPrice: options.price ?? 250,
      currency: options.currency ?? 'EUR',
      capacity: options.capacity ?? 100,
    });
    return rsvpTo(event.id, options.guests ?? 2, options.email);
  }

  async function rsvpTo(eventId: number, guests: number, email = 'grace@example.com') {
    const invitation = await createInvitation(t, eventId, { maxGuests: Math.max(guests, 1), recipientEmail: email });
    const answer = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: guests });
    return { eventId, invitation, answer, rsvpId: answer.body.data?.rsvp?.id as string };
  }

  const createPayment = (rsvpId: string, amount: unknown) =>
    request(t.http).post(`/api/rsvp/${rsvpId}/payment`).send({ amount });

  async function startPayment(rsvpId: string, amount: number) {
    const response = await createPayment(rsvpId, amount).expect(200);
    const paymentId = response.body.data.payment.id as string;
    const intentId = (response.body.data.clientSecret as string).split('_secret_')[0];
    return { paymentId, intentId, clientSecret: response.body.data.clientSecret as string };
  }

  const deliver = (event: FakeEvent | object, secret = WEBHOOK_SECRET) => {
    const { payload, signature } = signedWebhook(event, secret);
    return request(t.http)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload);
  };

  const payment = async (id: string) => (await sql('select * from payments where id = ?', [id]))[0];
  const rsvpRow = async (id: string) => (await sql('select * from rsvps where id = ?', [id]))[0];
  const confirmationEmails = () =>
    sql<{ status: string }>(`select status from email_deliveries where kind = 'rsvp.confirmation'`);

  it('shows the publishable key and the Stripe mode in the public configuration', async () => {
    const response = await request(t.http).get('/api/config/public').expect(200);
    expect(response.body.data).toMatchObject({ stripePublishableKey: 'pk_test_fake_123', paymentsMode: 'stripe' });
  });

  it('charges the server amount: ticket price times guests, in minor units', async () => {
    const { rsvpId } = await paidRsvp({ price: 250, currency: 'EUR', guests: 2 });
    const response = await createPayment(rsvpId, 500).expect(200);
    expect(response.body.data).toMatchObject({
      payment: { id: expect.any(String), amount: 500, currency: 'EUR' },
      clientSecret: expect.stringMatching(/_secret_/),
    });
    const [intent] = [...stripe.intents.values()];
    expect(intent).toMatchObject({ amount: 50000, currency: 'eur' });
    expect(await payment(response.body.data.payment.id)).toMatchObject({
      amount: 50000,
      currency: 'EUR',
      status: 'pending',
    });
  });

  it('has no decimals for yen', async () => {
    const { rsvpId } = await paidRsvp({ price: 12000, currency: 'JPY', guests: 2 });
    await createPayment(rsvpId, 24000).expect(200);
    expect([...stripe.intents.values()][0]).toMatchObject({ amount: 24000, currency: 'jpy' });
  });

  it('refuses a tampered amount with a readable 409 and creates nothing', async () => {
    const { rsvpId } = await paidRsvp({ price: 250, guests: 2 });
    for (const amount of [1, 250, 499.99, 50000]) {
      const response = await createPayment(rsvpId, amount).expect(409);
      expect(response.body).toEqual({
        success: false,
        error: 'The amount does not match the ticket fee of EUR 500.00. Please reload the page and try again.',
        code: 'CONFLICT',
      });
    }
    expect(await sql('select * from payments')).toHaveLength(0);
    expect(stripe.intents.size).toBe(0);
  });

  it('answers bad input and unknown reservations without a server error', async () => {
    const { rsvpId } = await paidRsvp();
    expect((await createPayment(rsvpId, undefined).expect(400)).body.error).toBe('Amount is required');
    expect((await createPayment(rsvpId, 'lots').expect(400)).body.error).toBe('Amount must be a number');
    expect((await createPayment(rsvpId, -5).expect(400)).body.error).toBe('Amount must be a positive number');
    await createPayment('not-a-uuid', 500).expect(404);
    await createPayment('00000000-0000-4000-8000-000000000000', 500).expect(404);
    await request(t.http).post('/api/payments/nope/confirm').send({ paymentIntentId: 'pi_1' }).expect(404);
  });

  it('reuses the open PaymentIntent for the same reservation and amount', async () => {
    const { rsvpId } = await paidRsvp();
    const first = await startPayment(rsvpId, 500);
    const second = await startPayment(rsvpId, 500);
    expect(second).toEqual(first);
    expect(stripe.intents.size).toBe(1);
    expect(await sql('select * from payments')).toHaveLength(1);
  });

  it('confirms a paid reservation: attending, invitation accepted, one email with the .ics, receipt stored', async () => {
    const { rsvpId, invitation } = await paidRsvp();
    const { paymentId, intentId } = await startPayment(rsvpId, 500);
    await stripe.sdk.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    await request(t.http)
      .post(`/api/payments/${paymentId}/confirm`)
      .send({ paymentIntentId: intentId, paymentMethodType: 'card' })
      .expect(200);
    await t.drain();

    const row = await payment(paymentId);
    expect(row).toMatchObject({ status: 'succeeded', payment_method_type: 'card', transaction_id: intentId });
    expect(row.receipt_url).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);
    expect(row.payment_date).toBeTruthy();
    expect(await rsvpRow(rsvpId)).toMatchObject({ status: 'attending', hold_expires_at: null });
    const [inv] = await sql('select status from invitations where id = ?', [invitation.id]);
    expect(inv.status).toBe('accepted');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['grace@example.com']);
    expect(smtp.received[0].raw).toContain('text/calendar');

    // Stripe's webhook arriving afterwards changes nothing and sends nothing.
    await deliver(stripe.eventsFor(intentId, 'payment_intent.succeeded')[0]).expect(200);
    await t.drain();
    expect(smtp.received).toHaveLength(1);
    await createPayment(rsvpId, 500).expect(409, {
      success: false,
      error: 'This reservation is already paid',
      code: 'CONFLICT',
    });
  });

  it('delivering the same webhook 10 times gives one transition and one email', async () => {
    const { rsvpId } = await paidRsvp();
    const { paymentId, intentId } = await startPayment(rsvpId, 500);
    await stripe.sdk.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const [succeeded] = stripe.eventsFor(intentId, 'payment_intent.succeeded');
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(succeeded)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    await t.drain();

    expect(await sql('select id, outcome from stripe_events')).toEqual([{ id: succeeded.id, outcome: 'applied' }]);
    expect(await payment(paymentId)).toMatchObject({ status: 'succeeded' });
    expect(await confirmationEmails()).toEqual([{ status: 'sent' }]);
    expect(smtp.received).toHaveLength(1);
    // The browser's confirm call, arriving last, is a no-op too.
    await request(t.http).post(`/api/payments/${paymentId}/confirm`).send({ paymentIntentId: intentId }).expect(200);
    await t.drain();
    expect(smtp.received).toHaveLength(1);
  });

  it.each([
    ['succeeded then failed', ['payment_intent.succeeded', 'payment_intent.payment_failed']],
    ['failed then succeeded', ['payment_intent.payment_failed', 'payment_intent.succeeded']],
  ])('ends succeeded when the events arrive %s', async (_order, types) => {
    const { rsvpId } = await paidRsvp();
    const { paymentId, intentId } = await startPayment(rsvpId, 500);
    await expect(
      stripe.sdk.paymentIntents.confirm(intentId, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toThrow('Your card was declined.');
    await stripe.sdk.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    for (const type of types) {
      await deliver(stripe.eventsFor(intentId, type)[0]).expect(200);
      await t.drain();
    }
    expect(await payment(paymentId)).toMatchObject({ status: 'succeeded' });
    expect(await rsvpRow(rsvpId)).toMatchObject({ status: 'attending' });
    expect(smtp.received).toHaveLength(1);
  });

  it('records a declined card as failed, and lets the guest pay again on the same intent', async () => {
    const { rsvpId } = await paidRsvp();
    const { paymentId, intentId } = await startPayment(rsvpId, 500);
    await stripe.sdk.paymentIntents
      .confirm(intentId, { payment_method: 'pm_card_chargeDeclined' })
      .catch(() => undefined);
    await deliver(stripe.eventsFor(intentId, 'payment_intent.payment_failed')[0]).expect(200);
    await t.drain();
    expect(await payment(paymentId)).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' });
    const again = await startPayment(rsvpId, 500);
    expect(again.paymentId).toBe(paymentId);
    expect(await payment(paymentId)).toMatchObject({ status: 'pending' });
  });

  it('records a canceled PaymentIntent as failed and stores unhandled event types without effect', async () => {
    const { rsvpId } = await paidRsvp();
    const { paymentId, intentId } = await startPayment(rsvpId, 500);
    await stripe.sdk.paymentIntents.cancel(intentId);
    await deliver(stripe.eventsFor(intentId, 'payment_intent.canceled')[0]).expect(200);
    await deliver(stripe.eventsFor(intentId, 'payment_intent.created')[0]).expect(200);
    await t.drain();
    expect(await payment(paymentId)).toMatchObject({ status: 'failed', failure_message: 'The payment was canceled' });
    expect(await sql('select type, outcome from stripe_events order by type')).toEqual([
      { type: 'payment_intent.canceled', outcome: 'applied' },
      { type: 'payment_intent.created', outcome: 'ignored' },
    ]);
    // A canceled intent is not reused: paying again opens a new one.
    const again = await startPayment(rsvpId, 500);
    expect(again.intentId).not.toBe(intentId);
  });

  it('answers 400 to a bad signature and changes nothing', async () => {
    const { rsvpId } = await paidRsvp();
    const { paymentId, intentId } = await startPayment(rsvpId, 500);
    await stripe.sdk.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const [succeeded] = stripe.eventsFor(intentId, 'payment_intent.succeeded');

    await deliver(succeeded, 'whsec_someone_else').expect(400, {
      success: false,
      error: 'Invalid Stripe signature',
      code: 'BAD_REQUEST',
    });
    const { signature } = signedWebhook(succeeded, WEBHOOK_SECRET);
    const tampered = JSON.stringify({ ...succeeded, id: 'evt_forged' });
    await request(t.http)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(tampered)
      .expect(400);
    await request(t.http)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(succeeded))
      .expect(400);
    await t.drain();

    expect(await sql('select * from stripe_events')).toHaveLength(0);
    expect(await sql(`select * from outbox_messages where job_name = 'stripe.event'`)).toHaveLength(0);
    expect(await payment(paymentId)).toMatchObject({ status: 'pending' });
    expect(smtp.received).toHaveLength(0);
  });

  it('records nothing when confirm is called without Stripe saying the payment succeeded', async () => {
    const { rsvpId } = await paidRsvp();
    const { paymentId, intentId } = await startPayment(rsvpId, 500);
    const early = await request(t.http)
      .post(`/api/payments/${paymentId}/confirm`)
      .send({ paymentIntentId: intentId })
      .expect(409);
    expect(early.body).toEqual({ success: false, error: 'The payment has not succeeded yet', code: 'CONFLICT' });
    await stripe.sdk.paymentIntents
      .confirm(intentId, { payment_method: 'pm_card_chargeDeclined' })
      .catch(() => undefined);
    const declined = await request(t.http)
      .post(`/api/payments/${paymentId}/confirm`)
      .send({ paymentIntentId: intentId })
      .expect(409);
    expect(declined.body.error).toBe('Your card was declined.');
    await request(t.http)
      .post(`/api/payments/${paymentId}/confirm`)
      .send({ paymentIntentId: 'pi_someone_elses' })
      .expect(400);
    await t.drain();
    expect(await payment(paymentId)).toMatchObject({ status: 'pending', payment_date: null });
    expect(await rsvpRow(rsvpId)).toMatchObject({ status: 'pending' });
    expect(smtp.received).toHaveLength(0);
  });

  it('does not apply an event whose amount differs from the payment', async () => {
    const { rsvpId } = await paidRsvp();
    const { paymentId, intentId } = await startPayment(rsvpId, 500);
    const intent = stripe.intents.get(intentId)!;
    const forged = stripe.makeEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      amount: 100,
      amount_received: 100,
    });
    await deliver(forged).expect(200);
    await t.drain();
    expect(await payment(paymentId)).toMatchObject({ status: 'pending' });
    const [stored] = await sql<{ outcome: string }>('select outcome from stripe_events');
    expect(stored.outcome).toMatch(/^rejected: amount 100 eur does not match 50000 EUR/);
  });

  it('retries a webhook job whose worker died mid-way and applies it once', async () => {
    const { rsvpId, eventId } = await paidRsvp();
    const { paymentId, intentId } = await startPayment(rsvpId, 500);
    await stripe.sdk.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const [succeeded] = stripe.eventsFor(intentId, 'payment_intent.succeeded');

    // Hold the event's lock so the job stops inside its transaction, then kill its database session.
    const blocker = new Client({ connectionString: process.env.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from events where id = $1 for update', [eventId]);
      await deliver(succeeded).expect(200);
      const victim = await eventually(async () => {
        const { rows } = await blocker.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        expect(rows[0]?.pid).toBeDefined();
        return rows[0].pid;
      });
      await blocker.query('select pg_terminate_backend($1)', [victim]);
      await blocker.query('rollback');
    } finally {
      await blocker.end();
    }
    await t.drain();

    const job = await t.queue('stripe-webhooks').getJob(succeeded.id);
    expect(job?.attemptsMade).toBeGreaterThanOrEqual(2);
    expect(await payment(paymentId)).toMatchObject({ status: 'succeeded' });
    expect(smtp.received).toHaveLength(1);

    // A job re-run after the work committed (a worker lost after its commit) changes nothing.
    await t.queue('stripe-webhooks').add('stripe.event', { eventId: succeeded.id }, { jobId: 'rerun-after-crash' });
    await t.drain();
    expect(await confirmationEmails()).toEqual([{ status: 'sent' }]);
    expect(smtp.received).toHaveLength(1);
  });

  it('refunds from the admin through Stripe, lands as refunded by the webhook and frees the seats', async () => {
    const event = await createEvent(t, { ticketPrice: 100, currency: 'USD', capacity: 2 });
    const first = await rsvpTo(event.id, 2, 'first@example.com');
    const { paymentId, intentId } = await startPayment(first.rsvpId, 200);
    await stripe.sdk.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    await deliver(stripe.eventsFor(intentId, 'payment_intent.succeeded')[0]).expect(200);
    await t.drain();
    const full = await rsvpTo(event.id, 1, 'second@example.com');
    expect(full.answer.status).toBe(409);

    await admin(t).post(`/payments/${paymentId}/refund`).expect(202);
    expect(await payment(paymentId)).toMatchObject({ status: 'succeeded', refund_reason: 'admin' });
    // The refund job asks Stripe; Stripe's event lands it.
    await t.drain();
    const refunded = stripe.eventsFor(intentId, 'charge.refunded');
    expect(refunded).toHaveLength(1);
    await deliver(refunded[0]).expect(200);
    await t.drain();

    expect(await payment(paymentId)).toMatchObject({ status: 'refunded' });
    expect((await payment(paymentId)).refunded_at).toBeTruthy();
    expect(await rsvpRow(first.rsvpId)).toMatchObject({ status: 'not_attending' });
    // The invitation reads as the RSVP does, and the guest is told.
    const [inv] = await sql('select status from invitations where id = ?', [first.invitation.id]);
    expect(inv.status).toBe('declined');
    expect(smtp.received.map((m) => m.to[0])).toEqual(['first@example.com', 'first@example.com']);
    expect(smtp.received[1].raw).toContain('Your Payment Has Been Refunded');
    // The guest turned away at capacity answers the same invitation again, and now has a seat.
    const second = await rsvp(t, full.invitation.invitationCode, { status: 'attending', guestCount: 1 });
    expect(second.status).toBe(200);
    await admin(t)
      .post(`/payments/${paymentId}/refund`)
      .expect(409, { success: false, error: 'This payment has already been refunded', code: 'CONFLICT' });
  });

  it('releases an expired hold, and refunds a payment that succeeds after it when the event is full', async () => {
    const event = await createEvent(t, { ticketPrice: 100, currency: 'USD', capacity: 2 });
    const late = await rsvpTo(event.id, 2, 'late@example.com');
    const { paymentId, intentId } = await startPayment(late.rsvpId, 200);
    expect((await rsvpTo(event.id, 2, 'waiting@example.com')).answer.status).toBe(409);

    await sql(`update rsvps set hold_expires_at = now() - interval '1 minute' where id = ?`, [late.rsvpId]);
    await t.queue('maintenance').add('payments.release-expired-holds', {});
    await t.drain();
    expect(await rsvpRow(late.rsvpId)).toMatchObject({ status: 'pending', hold_expires_at: null });
    const other = await rsvpTo(event.id, 2, 'other@example.com');
    expect(other.answer.status).toBe(200);

    await stripe.sdk.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const confirm = await request(t.http)
      .post(`/api/payments/${paymentId}/confirm`)
      .send({ paymentIntentId: intentId })
      .expect(409);
    expect(confirm.body.error).toMatch(/filled up .* refunded in full/);
    await deliver(stripe.eventsFor(intentId, 'payment_intent.succeeded')[0]).expect(200);
    await t.drain();
    // Our refund job asked Stripe; Stripe's charge.refunded event lands it as refunded.
    const refunded = stripe.eventsFor(intentId, 'charge.refunded');
    expect(refunded).toHaveLength(1);
    await deliver(refunded[0]).expect(200);
    await t.drain();

    expect(await payment(paymentId)).toMatchObject({ status: 'refunded', refund_reason: 'no_seat' });
    expect(await rsvpRow(late.rsvpId)).not.toMatchObject({ status: 'attending' });
    expect(await rsvpRow(other.rsvpId)).toMatchObject({ status: 'pending' });
    expect(await confirmationEmails()).toHaveLength(0);
    expect(smtp.received.map((m) => m.to[0])).toEqual(['late@example.com']);
    expect(smtp.received[0].raw).toContain('Your Payment Is Being Refunded');
  });

  it('confirms a payment that succeeds after its hold expired when seats are still free', async () => {
    const { rsvpId } = await paidRsvp({ capacity: 10 });
    const { paymentId, intentId } = await startPayment(rsvpId, 500);
    await sql(`update rsvps set hold_expires_at = now() - interval '1 minute' where id = ?`, [rsvpId]);
    await stripe.sdk.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    await request(t.http).post(`/api/payments/${paymentId}/confirm`).send({ paymentIntentId: intentId }).expect(200);
    await t.drain();
    expect(await rsvpRow(rsvpId)).toMatchObject({ status: 'attending' });
    expect(smtp.received).toHaveLength(1);
  });

  it('lists payments for the admin with their invitation and event, paginated', async () => {
    const { rsvpId, eventId } = await paidRsvp();
    const { paymentId } = await startPayment(rsvpId, 500);
    const other = await paidRsvp({ price: 10, guests: 1, email: 'other@example.com' });
    await startPayment(other.rsvpId, 10);

    await request(t.http).get('/api/admin/payments').expect(401);
    const all = await admin(t).get('/payments?page=1&pageSize=1').expect(200);
    expect(all.body.total).toBe(2);
    expect(all.body.data).toHaveLength(1);
    const mine = await admin(t).get(`/events/${eventId}/payments`).expect(200);
    expect(mine.body).toMatchObject({
      total: 1,
      data: [
        {
          id: paymentId,
          amount: 500,
          amountMinor: 50000,
          currency: 'EUR',
          status: 'pending',
          invitation: { recipientName: 'Grace Kelly', recipientEmail: 'grace@example.com' },
          event: { id: eventId, name: 'The Riviera Launch', date: '2037-12-12' },
        },
      ],
    });
    await admin(t).get('/events/999999/payments').expect(404);
    await admin(t)
      .post(`/payments/${paymentId}/refund`)
      .expect(409, { success: false, error: 'Only a succeeded payment can be refunded', code: 'CONFLICT' });
  });

  describe('money that no longer matches the reservation', () => {
    /** Stripe took the money (the guest paid on Stripe's side); its webhook has not landed yet. */
    const payAtStripe = (intentId: string) =>
      stripe.sdk.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const landSuccess = async (intentId: string) => {
      await deliver(stripe.eventsFor(intentId, 'payment_intent.succeeded')[0]).expect(200);
      await t.drain();
    };
    const landRefund = async (intentId: string) => {
      const [refunded] = stripe.eventsFor(intentId, 'charge.refunded');
      expect(refunded).toBeDefined();
      await deliver(refunded).expect(200);
      await t.drain();
    };

    it('cancels the open PaymentIntent when the guest changes the guest count, and charges the new amount', async () => {
      const { rsvpId, invitation } = await paidRsvp({ price: 250, guests: 2 });
      const open = await startPayment(rsvpId, 500);
      await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
      await t.drain();

      expect(stripe.intents.get(open.intentId)?.status).toBe('canceled');
      expect(await payment(open.paymentId)).toMatchObject({
        status: 'failed',
        failure_message: 'Replaced: the reservation changed before this payment was made',
      });
      expect((await payment(open.paymentId)).superseded_at).toBeTruthy();
      await createPayment(rsvpId, 500).expect(409);
      const fresh = await startPayment(rsvpId, 250);
      expect(fresh.intentId).not.toBe(open.intentId);
      expect(stripe.intents.get(fresh.intentId)).toMatchObject({ amount: 25000 });
    });

    it('refunds a payment made for 2 guests after the guest changed to 1, and tells them', async () => {
      const { rsvpId, invitation } = await paidRsvp({ price: 250, guests: 2 });
      const stale = await startPayment(rsvpId, 500);
      await payAtStripe(stale.intentId);
      // The answer changes while Stripe's success is on its way: too late to cancel.
      await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
      await t.drain();

      const confirm = await request(t.http)
        .post(`/api/payments/${stale.paymentId}/confirm`)
        .send({ paymentIntentId: stale.intentId })
        .expect(409);
      expect(confirm.body.error).toBe(
        'Your reservation changed while this payment was processed, so this payment will be refunded in full. Please return to your invitation.',
      );
      await landSuccess(stale.intentId);
      await landRefund(stale.intentId);

      expect(await payment(stale.paymentId)).toMatchObject({ status: 'refunded', refund_reason: 'changed' });
      expect(await rsvpRow(rsvpId)).toMatchObject({ status: 'pending', guest_count: 1 });
      expect(await confirmationEmails()).toHaveLength(0);
      expect(smtp.received).toHaveLength(1);
      const notice = readable(smtp.received[0].raw);
      expect(notice).toContain('Your Payment Is Being Refunded');
      expect(notice).toContain('changed while this payment was being processed');
      expect(notice).toContain('EUR 500.00');
      // The right amount for the reservation as it is now is still payable, and confirms it.
      const right = await startPayment(rsvpId, 250);
      await payAtStripe(right.intentId);
      await landSuccess(right.intentId);
      expect(await rsvpRow(rsvpId)).toMatchObject({ status: 'attending', guest_count: 1 });
      expect(await confirmationEmails()).toEqual([{ status: 'sent' }]);
    });

    it('refunds a payment that lands after the guest declined: no seats for a declined RSVP', async () => {
      const { rsvpId, invitation, eventId } = await paidRsvp({ price: 250, guests: 2, capacity: 2 });
      const stale = await startPayment(rsvpId, 500);
      await payAtStripe(stale.intentId);
      await rsvp(t, invitation.invitationCode, { status: 'not_attending' }).expect(200);
      await landSuccess(stale.intentId);
      await landRefund(stale.intentId);

      expect(await payment(stale.paymentId)).toMatchObject({ status: 'refunded', refund_reason: 'changed' });
      expect(await rsvpRow(rsvpId)).toMatchObject({ status: 'not_attending', guest_count: 0 });
      const [inv] = await sql('select status from invitations where id = ?', [invitation.id]);
      expect(inv.status).toBe('declined');
      expect(await confirmationEmails()).toHaveLength(0);
      // Both seats are free for others.
      expect((await rsvpTo(eventId, 2, 'other@example.com')).answer.status).toBe(200);
    });

    it('refunds a second successful payment for a reservation already paid (no double charge)', async () => {
      const { rsvpId } = await paidRsvp({ price: 250, guests: 2 });
      const first = await startPayment(rsvpId, 500);
      // The first intent is still processing at the bank, so the guest is given a second one.
      stripe.intents.get(first.intentId)!.status = 'processing';
      const second = await startPayment(rsvpId, 500);
      expect(second.intentId).not.toBe(first.intentId);
      stripe.intents.get(first.intentId)!.status = 'requires_confirmation';
      await payAtStripe(first.intentId);
      await payAtStripe(second.intentId);
      await landSuccess(first.intentId);
      await landSuccess(second.intentId);
      await landRefund(second.intentId);

      expect(await payment(first.paymentId)).toMatchObject({ status: 'succeeded', refund_reason: null });
      expect(await payment(second.paymentId)).toMatchObject({ status: 'refunded', refund_reason: 'duplicate' });
      expect(await rsvpRow(rsvpId)).toMatchObject({ status: 'attending', guest_count: 2 });
      expect(await confirmationEmails()).toEqual([{ status: 'sent' }]);
      expect(smtp.received).toHaveLength(2);
      expect(readable(smtp.received[1].raw)).toContain('had already been paid');
    });

    it('gives one transition and one email when the confirm call and the webhook arrive at once', async () => {
      const { rsvpId } = await paidRsvp();
      const { paymentId, intentId } = await startPayment(rsvpId, 500);
      await payAtStripe(intentId);
      const [succeeded] = stripe.eventsFor(intentId, 'payment_intent.succeeded');
      const confirm = () =>
        request(t.http).post(`/api/payments/${paymentId}/confirm`).send({ paymentIntentId: intentId });
      const answers = await Promise.all([confirm(), deliver(succeeded), confirm(), deliver(succeeded), confirm()]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      await t.drain();

      expect(await payment(paymentId)).toMatchObject({ status: 'succeeded' });
      expect(await rsvpRow(rsvpId)).toMatchObject({ status: 'attending', confirmation_version: 1 });
      expect(await confirmationEmails()).toEqual([{ status: 'sent' }]);
      expect(smtp.received).toHaveLength(1);
    });
  });

  describe('idempotency and refunds that fail', () => {
    it('reuses the PaymentIntent when a create is retried after its answer was lost', async () => {
      const { rsvpId } = await paidRsvp();
      // Stripe carries the create out, but the answer is lost (the SDK's own retry too).
      stripe.dropNextAnswers(2);
      const lost = await createPayment(rsvpId, 500).expect(503);
      expect(lost.body.error).toBe('The payment provider is unavailable. Please try again in a moment.');
      expect(stripe.intents.size).toBe(1);
      expect(await sql('select * from payments')).toHaveLength(0);

      const retried = await startPayment(rsvpId, 500);
      expect(stripe.intents.size).toBe(1);
      expect(stripe.intents.has(retried.intentId)).toBe(true);
      const creates = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
      expect(creates).toHaveLength(3);
      expect(new Set(creates.map((r) => r.idempotencyKey)).size).toBe(1);
      expect(await sql('select transaction_id from payments')).toEqual([{ transaction_id: retried.intentId }]);
    });

    it('honours Stripe idempotency: the same key with other parameters is refused', async () => {
      const create = (amount: number) =>
        stripe.sdk.paymentIntents.create({ amount, currency: 'eur' }, { idempotencyKey: 'same-key' });
      const first = await create(1000);
      expect((await create(1000)).id).toBe(first.id);
      await expect(create(2000)).rejects.toThrow(/same parameters/);
    });

    it('brings the Refund back with the reason when the provider stays unavailable, and refunds when asked again', async () => {
      const { rsvpId } = await paidRsvp();
      const { paymentId, intentId } = await startPayment(rsvpId, 500);
      await stripe.sdk.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
      await deliver(stripe.eventsFor(intentId, 'payment_intent.succeeded')[0]).expect(200);
      await t.drain();

      stripe.failNext(100);
      await admin(t).post(`/payments/${paymentId}/refund`).expect(202);
      const pending = await admin(t).get('/payments').expect(200);
      expect(pending.body.data[0]).toMatchObject({ status: 'succeeded', refundRequestedAt: expect.any(String) });
      await t.drain();
      stripe.failNext(0);
      const failed = await admin(t).get('/payments').expect(200);
      expect(failed.body.data[0]).toMatchObject({
        status: 'succeeded',
        refundRequestedAt: null,
        refundError: 'The payment provider could not be reached: An unknown error occurred',
      });
      expect(stripe.eventsFor(intentId, 'charge.refunded')).toHaveLength(0);

      // An outage that clears up within the retries refunds once.
      stripe.failNext(2);
      await admin(t).post(`/payments/${paymentId}/refund`).expect(202);
      await t.drain();
      const [refunded] = stripe.eventsFor(intentId, 'charge.refunded');
      expect(refunded).toBeDefined();
      await deliver(refunded).expect(200);
      await t.drain();
      const done = await admin(t).get('/payments').expect(200);
      expect(done.body.data[0]).toMatchObject({ status: 'refunded', refundError: null });
      expect(stripe.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST').length).toBeGreaterThan(1);
      expect(stripe.eventsFor(intentId, 'charge.refunded')).toHaveLength(1);
    });
  });
});
