import request from 'supertest';
import { loadEnvironment } from '../src/config/environment';
import { admin, createEvent, createInvitation, rsvp } from './support/launch-party-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { useTestGatewayApp, type TestGatewayApp } from './support/test-gateway-app';

type Row = Record<string, unknown>;

describe('Payments without Stripe keys: the offline test gateway', () => {
  let t: TestApp;
  let smtp: TestGatewayApp['smtp'];
  const app = useTestGatewayApp();
  beforeAll(() => ({ t, smtp } = app));

  const sql = <T = Row>(query: string, params: unknown[] = []) => t.orm.em.getConnection().execute<T[]>(query, params);

  async function startPayment(options: { capacity?: number; email?: string; eventId?: number } = {}) {
    const eventId =
      options.eventId ??
      (await createEvent(t, { ticketPrice: 250, currency: 'EUR', capacity: options.capacity ?? 100 })).id;
    const invitation = await createInvitation(t, eventId, {
      maxGuests: 2,
      recipientEmail: options.email ?? 'grace@example.com',
    });
    const answer = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
    const rsvpId = answer.body.data.rsvp.id as string;
    const created = await request(t.http).post(`/api/rsvp/${rsvpId}/payment`).send({ amount: 500 }).expect(200);
    const clientSecret = created.body.data.clientSecret as string;
    return {
      eventId,
      rsvpId,
      paymentId: created.body.data.payment.id as string,
      clientSecret,
      intentId: clientSecret.split('_secret_')[0],
    };
  }

  const pay = (intentId: string, clientSecret: string, cardNumber: string, extra: Record<string, string> = {}) =>
    request(t.http)
      .post(`/api/test-payments/intents/${intentId}/confirm`)
      .send({ clientSecret, cardNumber, expiry: '12 / 34', cvc: '123', ...extra });

  const payment = async (id: string) => (await sql('select * from payments where id = ?', [id]))[0];

  it('tells the browser it runs on test payments, with no publishable key', async () => {
    const response = await request(t.http).get('/api/config/public').expect(200);
    expect(response.body.data).toMatchObject({ stripePublishableKey: null, paymentsMode: 'test' });
  });

  it('accepts card 4242 4242 4242 4242 and confirms through the same event, queue and worker path', async () => {
    const { paymentId, intentId, clientSecret, rsvpId } = await startPayment();
    const paid = await pay(intentId, clientSecret, '4242 4242 4242 4242').expect(200);
    expect(paid.body).toMatchObject({ success: true, data: { paymentIntent: { id: intentId, status: 'succeeded' } } });
    await t.drain();

    const [event] = await sql('select type, outcome from stripe_events');
    expect(event).toEqual({ type: 'payment_intent.succeeded', outcome: 'applied' });
    const row = await payment(paymentId);
    expect(row).toMatchObject({ status: 'succeeded', payment_method_type: 'card' });
    expect(row.receipt_url).toMatch(/\/api\/test-payments\/receipts\/ch_test_/);
    const [r] = await sql('select status from rsvps where id = ?', [rsvpId]);
    expect(r.status).toBe('attending');
    expect(smtp.received).toHaveLength(1);

    // The browser's confirm call afterwards is a no-op; the receipt reads as a test receipt.
    await request(t.http)
      .post(`/api/payments/${paymentId}/confirm`)
      .send({ paymentIntentId: intentId, paymentMethodType: 'card' })
      .expect(200);
    await t.drain();
    expect(smtp.received).toHaveLength(1);
    const receipt = await request(t.http)
      .get(new URL(String(row.receipt_url)).pathname)
      .expect(200);
    expect(receipt.text).toContain('EUR 500.00');
    expect(receipt.text).toContain('Test payment: no real card was charged.');
  });

  it("declines card 4000 0000 0000 0002 with the provider's message and records the failure", async () => {
    const { paymentId, intentId, clientSecret } = await startPayment();
    const declined = await pay(intentId, clientSecret, '4000 0000 0000 0002').expect(402);
    expect(declined.body).toEqual({
      success: false,
      error: 'Your card was declined.',
      code: 'PAYMENT_DECLINED',
      declineCode: 'card_declined',
    });
    await t.drain();
    expect(await payment(paymentId)).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' });
    await request(t.http).post(`/api/payments/${paymentId}/confirm`).send({ paymentIntentId: intentId }).expect(409);
    expect(smtp.received).toHaveLength(0);
  });

  it.each([
    [{ cardNumber: '4242 4242 4242 4241' }, 'Your card number is incorrect.'],
    [{ expiry: '13/30' }, "Your card's expiration date is incomplete."],
    [{ expiry: '01/20' }, "Your card's expiration year is in the past."],
    [{ cvc: '1' }, "Your card's security code is incomplete."],
  ] as Array<[Record<string, string>, string]>)('refuses %j with "%s" and changes nothing', async (change, message) => {
    const { paymentId, intentId, clientSecret } = await startPayment();
    const response = await pay(intentId, clientSecret, change.cardNumber ?? '4242424242424242', change).expect(402);
    expect(response.body.error).toBe(message);
    await t.drain();
    expect(await payment(paymentId)).toMatchObject({ status: 'pending' });
    expect(await sql('select * from stripe_events')).toHaveLength(0);
  });

  it('refuses a wrong client secret', async () => {
    const { intentId } = await startPayment();
    await pay(intentId, 'pi_test_x_secret_guess', '4242424242424242').expect(404);
  });

  it('refunds from the admin through the test gateway; it lands as refunded and frees the seats', async () => {
    const { paymentId, intentId, clientSecret, rsvpId, eventId } = await startPayment({ capacity: 2 });
    await pay(intentId, clientSecret, '4242424242424242').expect(200);
    await t.drain();
    await admin(t).post(`/payments/${paymentId}/refund`).expect(202);
    await t.drain();
    expect(await payment(paymentId)).toMatchObject({ status: 'refunded', refund_reason: 'admin' });
    const [r] = await sql('select status from rsvps where id = ?', [rsvpId]);
    expect(r.status).toBe('not_attending');
    const list = await admin(t).get(`/events/${eventId}/payments`).expect(200);
    expect(list.body.data[0]).toMatchObject({ status: 'refunded', receiptUrl: expect.stringContaining('/receipts/') });
    await startPayment({ eventId, email: 'next@example.com' });
  });

  it("tells the guest's pages where the payment stands", async () => {
    const event = await createEvent(t, { ticketPrice: 250, currency: 'EUR' });
    const invitation = await createInvitation(t, event.id, { maxGuests: 2 });
    const answer = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
    const rsvpId = answer.body.data.rsvp.id as string;
    const status = async () => (await request(t.http).get(`/api/rsvp/${rsvpId}/payment`).expect(200)).body.data.payment;
    expect(await status()).toBeNull();

    const created = await request(t.http).post(`/api/rsvp/${rsvpId}/payment`).send({ amount: 500 }).expect(200);
    const clientSecret = created.body.data.clientSecret as string;
    const intentId = clientSecret.split('_secret_')[0];
    expect(await status()).toMatchObject({ status: 'pending', refundPending: false, failureMessage: null });
    await pay(intentId, clientSecret, '4000 0000 0000 0002').expect(402);
    await t.drain();
    expect(await status()).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    await pay(intentId, clientSecret, '4242 4242 4242 4242').expect(200);
    await t.drain();
    expect(await status()).toMatchObject({ status: 'succeeded', refundPending: false });
    await request(t.http).get('/api/rsvp/00000000-0000-4000-8000-000000000000/payment').expect(404);
    await request(t.http).get('/api/rsvp/nope/payment').expect(404);
  });

  it('cancels the open test intent when the guest changes their answer; paying it is then refused', async () => {
    const { intentId, clientSecret, paymentId, rsvpId } = await startPayment();
    const code = (
      await sql<{ invitation_code: string }>(
        'select i.invitation_code from invitations i join rsvps r on r.invitation_id = i.id where r.id = ?',
        [rsvpId],
      )
    )[0].invitation_code;
    await rsvp(t, code, { status: 'attending', guestCount: 1 }).expect(200);
    await t.drain();
    const refused = await pay(intentId, clientSecret, '4242 4242 4242 4242').expect(409);
    expect(refused.body.error).toBe('This PaymentIntent has been canceled.');
    expect(await payment(paymentId)).toMatchObject({ status: 'failed' });
    const fresh = await request(t.http).post(`/api/rsvp/${rsvpId}/payment`).send({ amount: 250 }).expect(200);
    expect(fresh.body.data.payment.id).not.toBe(paymentId);
    expect(smtp.received).toHaveLength(0);
  });
});

describe('the Stripe settings', () => {
  const base = { ...process.env };
  const keys = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_123',
  };

  it('takes all three Stripe keys, or none for the offline test gateway', () => {
    expect(loadEnvironment({ ...base, ...keys }).STRIPE_SECRET_KEY).toBe('sk_test_123');
    const none = loadEnvironment({
      ...base,
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    });
    expect(none.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('refuses to start with some of them, naming each one missing', () => {
    const partial = () =>
      loadEnvironment({ ...base, ...keys, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });
    expect(partial).toThrow(
      /STRIPE_PUBLISHABLE_KEY: Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together \(or none of them for the offline test gateway\) \(missing\)/,
    );
    expect(partial).toThrow(/STRIPE_WEBHOOK_SECRET: Stripe needs/);
    expect(partial).not.toThrow(/STRIPE_SECRET_KEY: Stripe needs/);
  });
});

describe('the hold release schedule', () => {
  it('is kept on the maintenance queue by the api process', async () => {
    const t = await createTestApp({ env: { HOLD_RELEASE_INTERVAL_SECONDS: '3600' } });
    const maintenance = t.queue('maintenance');
    try {
      expect(await maintenance.getJobSchedulers()).toEqual([
        expect.objectContaining({
          key: 'payments.release-expired-holds',
          name: 'payments.release-expired-holds',
          every: 3_600_000,
        }),
      ]);
    } finally {
      await maintenance.removeJobScheduler('payments.release-expired-holds');
      await maintenance.obliterate({ force: true });
      await t.close();
    }
  });
});
