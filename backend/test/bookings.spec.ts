import request from 'supertest';
import { BookingsService } from '../src/modules/bookings/bookings.service';
import { MemberSessionsService } from '../src/modules/members';
import { asAdmin } from './support/admin';
import { eventually } from './support/eventually';
import { startFakeStripe, signedWebhook, type FakeStripe } from './support/fake-stripe-server';
import { adminEnv, calendarOf, readable, resetWithAdmin } from './support/launch-party-fixtures';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

const WEBHOOK_SECRET = 'whsec_bookings_test';
const DAY = 24 * 3600_000;

type Smtp = Awaited<ReturnType<typeof startSmtpSink>>;
interface Option {
  id: string;
  title: string;
  price: number;
  currency: string;
}

/** What both gateways' tests do the same way: a member, their request, staff's options, paying. */
function bookingWorld(get: () => { t: TestApp; smtp: Smtp }) {
  const sql = <T extends object = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    get().t.orm.em.getConnection().execute<T[]>(query, params);

  /** A signed-in member: their id and a device's cookie (each call to `device` is another device). */
  async function member(email = 'grace@example.com') {
    const { t } = get();
    const [row] = await sql<{ id: string }>(
      `insert into members (id, name, email, tier, status, joined_at) values (gen_random_uuid(), 'Grace Kelly', ?, 'patron', 'active', now())
       returning id`,
      [email],
    );
    const device = async () => {
      const { token } = await t.app.get(MemberSessionsService).issue(t.orm.em.fork(), row.id, 'jest');
      return `mf_member=${token}`;
    };
    return { id: row.id, email, device, cookie: await device() };
  }

  /** A request in the member's thread, with staff's options proposed on it. */
  async function proposed(memberId: string, options: Array<Record<string, unknown>>) {
    const { t } = get();
    const threadId = crypto.randomUUID();
    const requestId = crypto.randomUUID();
    await sql(`insert into concierge_threads (id, session_id, title) values (?, ?, 'A yacht in Monaco')`, [
      threadId,
      `member:${memberId}`,
    ]);
    await sql(
      `insert into user_requests (id, session_id, thread_id, text, status) values (?, ?, ?, 'A yacht in Monaco for the Grand Prix', 'received')`,
      [requestId, `member:${memberId}`, threadId],
    );
    const answer = await request(t.http)
      .post(`/api/admin/user-requests/${requestId}/options`)
      .set('Authorization', await asAdmin(t))
      .send({ options })
      .expect(200);
    return { threadId, requestId, options: answer.body.data.options as Option[] };
  }

  const pay = (cookie: string, requestId: string, optionId: string) =>
    request(get().t.http).post(`/api/members/me/requests/${requestId}/options/${optionId}/pay`).set('Cookie', cookie);

  async function requestRow(id: string) {
    const [row] = await sql<{ status: string; accepted_option_id: string | null }>(
      'select status, accepted_option_id from user_requests where id = ?',
      [id],
    );
    return row;
  }

  async function bookings(requestId: string) {
    return sql<{ id: string; status: string; amount: number; intent_id: string; refunded_amount: number }>(
      'select * from booking_payments where request_id = ? order by created_at',
      [requestId],
    );
  }

  async function said(threadId: string): Promise<string[]> {
    const rows = await sql<{ content: string }>(
      `select content from concierge_messages where thread_id = ? and role = 'concierge' order by seq`,
      [threadId],
    );
    return rows.map((r) => r.content);
  }

  async function mailTo(to: string, pattern: RegExp) {
    return eventually(
      () => {
        const found = get()
          .smtp.received.filter((m) => m.to.includes(to))
          .find((m) => pattern.test(readable(m.raw)));
        if (!found) throw new Error(`No email to ${to} matching ${pattern}`);
        return found;
      },
      { timeoutMs: 20_000 },
    );
  }

  /** A staff action on the request's payment, which must be accepted. */
  /** A staff action on the request's booking: answered, and written once to the audit log (audit-log.spec leaves these routes to here). */
  async function staff(requestId: string, action: 'capture' | 'release' | 'cancel') {
    const audited = () =>
      sql<{ n: number }>(`select count(*)::int as n from audit_log where action = ? and target_id = ?`, [
        `booking.${action}`,
        requestId,
      ]).then(([row]) => row.n);
    const before = await audited();
    const answer = await request(get().t.http)
      .post(`/api/admin/user-requests/${requestId}/bookings/${action}`)
      .set('Authorization', await asAdmin(get().t));
    expect(answer.status).toBe(200);
    expect(await audited()).toBe(before + 1);
    return answer;
  }

  return { sql, member, proposed, pay, requestRow, bookings, said, mailTo, staff };
}

const YACHTS = [
  {
    title: 'Benetti Oasis 40M, two days',
    price: 48000,
    currency: 'EUR',
    description: 'Four cabins, a crew of nine, moored in Port Hercule for the race.',
    cancellationTerms: 'Refunded in full until seven days before the race.',
    startsAt: '2027-05-29T09:00:00.000Z',
  },
  { title: 'Sunseeker 30M, two days', price: 32000, currency: 'EUR' },
];

describe('Booking in one tap (issue 30, section 3)', () => {
  describe('through the offline test gateway', () => {
    let t: TestApp;
    let smtp: Smtp;
    const world = bookingWorld(() => ({ t, smtp }));
    const { sql, member, proposed, pay, requestRow, bookings, said, mailTo, staff } = world;

    beforeAll(async () => {
      smtp = await startSmtpSink();
      t = await createTestApp({
        worker: true,
        env: {
          ...adminEnv,
          SMTP_URL: smtp.url,
          STRIPE_SECRET_KEY: '',
          STRIPE_PUBLISHABLE_KEY: '',
          STRIPE_WEBHOOK_SECRET: '',
          BOOKING_HOLD_CHECK_SECONDS: '0',
          RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
        },
      });
    });
    beforeEach(async () => {
      await resetWithAdmin(t);
      smtp.received.length = 0;
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    /** The card form of the test gateway, as the account page fills it. */
    async function saveCard(cookie: string, number = '4242 4242 4242 4242') {
      const setup = await request(t.http).post('/api/members/me/cards').set('Cookie', cookie).expect(200);
      const { setupIntentId, clientSecret } = setup.body.data;
      await request(t.http)
        .post(`/api/test-payments/setup-intents/${setupIntentId}/confirm`)
        .send({ clientSecret, cardNumber: number, expiry: '12/30', cvc: '123' })
        .expect(200);
      const confirmed = await request(t.http)
        .post('/api/members/me/cards/confirm')
        .set('Cookie', cookie)
        .send({ setupIntentId })
        .expect(200);
      return confirmed.body.data[0] as { id: string; brand: string; last4: string };
    }

    it('saves a card shown as brand and last four, replaces it with the next, and removes it; only for a member', async () => {
      await request(t.http).get('/api/members/me/cards').expect(401);
      const grace = await member();
      const first = await saveCard(grace.cookie);
      expect(first).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
      // The setup's event arrives too: still one card.
      await t.drain();
      const second = await saveCard(grace.cookie, '5555 5555 5555 4444');
      const listed = await request(t.http).get('/api/members/me/cards').set('Cookie', grace.cookie).expect(200);
      expect(listed.body.data).toEqual([
        expect.objectContaining({ id: second.id, brand: 'mastercard', last4: '4444' }),
      ]);
      await request(t.http)
        .delete(`/api/members/me/cards/${second.id}`)
        .set('Cookie', grace.cookie)
        .expect(200, { data: [] });
    });

    it('charges once when the member accepts from two devices at once; the webhook confirms; the email carries details, receipt and calendar', async () => {
      const grace = await member();
      await saveCard(grace.cookie);
      const phone = await grace.device();
      const { requestId, threadId, options } = await proposed(grace.id, YACHTS);
      const [benetti] = options;

      const [one, two] = await Promise.all([
        pay(grace.cookie, requestId, benetti.id),
        pay(phone, requestId, benetti.id),
      ]);
      expect(one.status).toBe(200);
      expect(two.status).toBe(200);
      expect(one.body.data.paymentId).toBe(two.body.data.paymentId);
      // The amount is the option's, in cents, decided on the server.
      expect(one.body.data).toMatchObject({
        amount: 4_800_000,
        currency: 'EUR',
        card: { brand: 'visa', last4: '4242' },
      });
      const intents = await sql<{ amount: number }>(
        `select amount from test_gateway_intents where metadata->>'purpose' = 'booking'`,
      );
      expect(intents).toEqual([{ amount: 4_800_000 }]);
      expect(await bookings(requestId)).toHaveLength(1);

      await eventually(async () =>
        expect(await requestRow(requestId)).toEqual({ status: 'confirmed', accepted_option_id: benetti.id }),
      );
      const [event] = await sql<{ outcome: string }>(
        `select outcome from stripe_events where type = 'payment_intent.succeeded' and payload->'data'->'object'->'metadata'->>'requestId' = ?`,
        [requestId],
      );
      expect(event.outcome).toBe('applied');
      await eventually(async () =>
        expect((await said(threadId)).join('\n')).toMatch(/It is confirmed: \*\*Benetti Oasis 40M/),
      );

      const mail = await mailTo(grace.email, /Your Booking Is Confirmed/);
      const text = readable(mail.raw);
      expect(text).toMatch(/EUR 48,000\.00/);
      expect(text).toMatch(/Visa ending 4242/);
      expect(text).toMatch(/Receipt number/);
      expect(text).toMatch(/Refunded in full until seven days before the race/);
      const calendar = calendarOf(mail.raw);
      expect(calendar).toMatch(/SUMMARY:Benetti Oasis 40M\\, two days/);
      expect(calendar).toMatch(/DTSTART:20270529T090000Z/);

      // Accepting again later answers the same payment; the other option is refused.
      const again = await pay(phone, requestId, benetti.id).expect(200);
      expect(again.body.data).toMatchObject({ paymentId: one.body.data.paymentId, status: 'succeeded' });
      await pay(phone, requestId, options[1].id)
        .expect(409)
        .expect((r) => expect(r.body.code).toBe('OPTION_ALREADY_ACCEPTED'));
      expect(await sql(`select id from test_gateway_intents where metadata->>'purpose' = 'booking'`)).toHaveLength(1);
    });

    it('holds the amount when the supplier is to confirm, releases it when staff decline, takes it when they confirm', async () => {
      const grace = await member();
      await saveCard(grace.cookie);
      const { requestId, threadId, options } = await proposed(grace.id, [
        { ...YACHTS[0], supplierToConfirm: true },
        YACHTS[1],
      ]);
      const held = await pay(grace.cookie, requestId, options[0].id).expect(200);
      expect(held.body.data.status).toBe('held');
      await eventually(async () => expect((await bookings(requestId))[0].status).toBe('held'));
      await eventually(async () => expect((await said(threadId)).join('\n')).toMatch(/is held on your card/));

      await staff(requestId, 'release');
      await eventually(async () => expect((await bookings(requestId))[0].status).toBe('released'));
      await eventually(async () =>
        expect((await said(threadId)).join('\n')).toMatch(/has been released; nothing was charged/),
      );
      expect((await requestRow(requestId)).status).toBe('options_proposed');
      const [intent] = await sql<{ status: string }>('select status from test_gateway_intents where id = ?', [
        (await bookings(requestId))[0].intent_id,
      ]);
      expect(intent.status).toBe('canceled');

      // The member accepts again: a new hold, which staff confirm with the supplier.
      await pay(grace.cookie, requestId, options[0].id).expect(200);
      await eventually(async () => expect((await bookings(requestId))[1].status).toBe('held'));
      await staff(requestId, 'capture');
      await eventually(async () => expect((await requestRow(requestId)).status).toBe('confirmed'));
      expect((await bookings(requestId)).map((b) => b.status)).toEqual(['released', 'succeeded']);
    });

    it('releases a hold that reaches its end with the bank', async () => {
      const grace = await member();
      await saveCard(grace.cookie);
      const { requestId, options } = await proposed(grace.id, [{ ...YACHTS[1], supplierToConfirm: true }]);
      await pay(grace.cookie, requestId, options[0].id).expect(200);
      await eventually(async () => expect((await bookings(requestId))[0].status).toBe('held'));
      await sql(`update booking_payments set hold_expires_at = now() - interval '1 minute' where request_id = ?`, [
        requestId,
      ]);
      expect(await t.app.get(BookingsService).releaseExpiringHolds()).toBe(1);
      await eventually(async () => expect((await bookings(requestId))[0].status).toBe('released'));
    });

    it('asks for 3-D Secure in place, and confirms once the member completes it', async () => {
      const grace = await member();
      await saveCard(grace.cookie, '4000 0027 6000 3184');
      const { requestId, options } = await proposed(grace.id, YACHTS);
      const asked = await pay(grace.cookie, requestId, options[1].id).expect(200);
      expect(asked.body.data).toMatchObject({
        status: 'requires_action',
        clientSecret: expect.stringContaining('_secret_'),
      });
      const intentId = (asked.body.data.clientSecret as string).split('_secret_')[0];
      expect((await requestRow(requestId)).status).toBe('options_proposed');
      await request(t.http)
        .post(`/api/test-payments/intents/${intentId}/authenticate`)
        .send({ clientSecret: asked.body.data.clientSecret, outcome: 'complete' })
        .expect(200);
      await eventually(async () => expect((await requestRow(requestId)).status).toBe('confirmed'));
    });

    it('opens the card form without a saved card, refuses a declined card, and never confirms unpaid', async () => {
      const grace = await member();
      const { requestId, options } = await proposed(grace.id, YACHTS);
      // A card form left unpaid gives way to the other option: its intent can no longer be paid.
      const left = await pay(grace.cookie, requestId, options[0].id).expect(200);
      const form = await pay(grace.cookie, requestId, options[1].id).expect(200);
      expect(form.body.data.clientSecret).not.toBe(left.body.data.clientSecret);
      const [abandoned] = await sql<{ status: string }>('select status from test_gateway_intents where id = ?', [
        (left.body.data.clientSecret as string).split('_secret_')[0],
      ]);
      expect(abandoned.status).toBe('canceled');
      expect(form.body.data).toMatchObject({ status: 'requires_payment_method', card: null, amount: 3_200_000 });
      const { clientSecret } = form.body.data;
      const intentId = (clientSecret as string).split('_secret_')[0];
      // Opening the form again answers the same intent.
      expect((await pay(grace.cookie, requestId, options[1].id).expect(200)).body.data.clientSecret).toBe(clientSecret);
      await request(t.http)
        .post(`/api/test-payments/intents/${intentId}/confirm`)
        .send({ clientSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' })
        .expect(200);
      await eventually(async () => expect((await requestRow(requestId)).status).toBe('confirmed'));

      const declined = await proposed(grace.id, YACHTS);
      await saveCard(grace.cookie, '4000 0000 0000 0341');
      await pay(grace.cookie, declined.requestId, declined.options[0].id)
        .expect(402)
        .expect((r) => expect(r.body).toMatchObject({ code: 'PAYMENT_DECLINED', declineCode: 'card_declined' }));
      expect((await bookings(declined.requestId))[0].status).toBe('failed');
      // The old route confirms no priced option of a member's.
      await request(t.http)
        .post(`/api/concierge/requests/${declined.requestId}/options/${declined.options[0].id}/accept`)
        .set('Cookie', grace.cookie)
        .expect(409)
        .expect((r) => expect(r.body.code).toBe('PAYMENT_NEEDED'));
    });

    it('refunds a cancellation by the option’s terms: in full before its refundable time, nothing after', async () => {
      const grace = await member();
      await saveCard(grace.cookie);
      const soon = await proposed(grace.id, [
        { ...YACHTS[1], refundableUntil: new Date(Date.now() + DAY).toISOString() },
      ]);
      await pay(grace.cookie, soon.requestId, soon.options[0].id).expect(200);
      await eventually(async () => expect((await requestRow(soon.requestId)).status).toBe('confirmed'));
      await staff(soon.requestId, 'cancel');
      await eventually(async () =>
        expect((await bookings(soon.requestId))[0]).toMatchObject({ status: 'refunded', refunded_amount: 3_200_000 }),
      );
      expect((await requestRow(soon.requestId)).status).toBe('cancelled');
      await eventually(async () =>
        expect((await said(soon.threadId)).join('\n')).toMatch(/EUR 32,000\.00 for \*\*Sunseeker/),
      );

      const late = await proposed(grace.id, [
        { ...YACHTS[1], refundableUntil: new Date(Date.now() - DAY).toISOString() },
      ]);
      await pay(grace.cookie, late.requestId, late.options[0].id).expect(200);
      await eventually(async () => expect((await requestRow(late.requestId)).status).toBe('confirmed'));
      await staff(late.requestId, 'cancel');
      await t.drain();
      expect((await bookings(late.requestId))[0]).toMatchObject({ status: 'succeeded', refunded_amount: 0 });
      expect((await requestRow(late.requestId)).status).toBe('cancelled');

      // A hold is released, and the member reads it as the cancellation it is.
      const held = await proposed(grace.id, [{ ...YACHTS[1], supplierToConfirm: true }]);
      await pay(grace.cookie, held.requestId, held.options[0].id).expect(200);
      await eventually(async () => expect((await bookings(held.requestId))[0].status).toBe('held'));
      await staff(held.requestId, 'cancel');
      await eventually(async () => expect((await bookings(held.requestId))[0].status).toBe('released'));
      expect((await requestRow(held.requestId)).status).toBe('cancelled');
      await eventually(async () =>
        expect((await said(held.threadId)).join('\n')).toMatch(
          /Your booking of \*\*Sunseeker 30M, two days\*\* is cancelled/,
        ),
      );
    });
  });

  describe('through Stripe', () => {
    let t: TestApp;
    let smtp: Smtp;
    let stripe: FakeStripe;
    const { member, proposed, pay, requestRow, bookings, mailTo } = bookingWorld(() => ({ t, smtp }));

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
          BOOKING_HOLD_CHECK_SECONDS: '0',
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

    /** Stripe's webhook deliveries of what the account did since the last call. */
    let delivered = 0;
    async function deliverEvents() {
      for (const event of stripe.events.slice(delivered)) {
        const { payload, signature } = signedWebhook(event, WEBHOOK_SECRET);
        await request(t.http)
          .post('/api/webhooks/stripe')
          .set('Content-Type', 'application/json')
          .set('Stripe-Signature', signature)
          .send(payload)
          .expect(200);
      }
      delivered = stripe.events.length;
      await t.drain();
    }

    async function saveCard(cookie: string, testCard: string) {
      const setup = await request(t.http).post('/api/members/me/cards').set('Cookie', cookie).expect(200);
      // What Stripe.js does with the Payment Element in setup mode.
      await stripe.sdk.setupIntents.confirm(setup.body.data.setupIntentId, { payment_method: testCard });
      await deliverEvents();
    }

    it('saves the card on the setup’s webhook, charges once for two devices, and confirms only on the payment’s webhook', async () => {
      delivered = 0;
      const grace = await member();
      await saveCard(grace.cookie, 'pm_card_visa');
      const cards = await request(t.http).get('/api/members/me/cards').set('Cookie', grace.cookie).expect(200);
      expect(cards.body.data).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242' })]);

      const { requestId, options } = await proposed(grace.id, YACHTS);
      const phone = await grace.device();
      const [one, two] = await Promise.all([
        pay(grace.cookie, requestId, options[0].id),
        pay(phone, requestId, options[0].id),
      ]);
      expect([one.status, two.status]).toEqual([200, 200]);
      const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
      expect(created).toHaveLength(1);
      expect(created[0].body.get('amount')).toBe('4800000');
      expect(created[0].body.get('confirm')).toBe('true');
      // Paid at Stripe, but nothing is confirmed until its webhook arrives.
      await t.drain();
      expect((await requestRow(requestId)).status).toBe('options_proposed');
      await deliverEvents();
      expect(await requestRow(requestId)).toEqual({ status: 'confirmed', accepted_option_id: options[0].id });
      const mail = await mailTo(grace.email, /Your Booking Is Confirmed/);
      expect(readable(mail.raw)).toMatch(/View your receipt/);
    });

    it('holds with manual capture and takes it when staff confirm; 3-D Secure answered in place', async () => {
      delivered = 0;
      const grace = await member();
      await saveCard(grace.cookie, 'pm_card_authenticationRequired');
      const { requestId, options } = await proposed(grace.id, [{ ...YACHTS[0], supplierToConfirm: true }]);
      const asked = await pay(grace.cookie, requestId, options[0].id).expect(200);
      expect(asked.body.data.status).toBe('requires_action');
      const intentId = (asked.body.data.clientSecret as string).split('_secret_')[0];
      expect(stripe.intents.get(intentId)?.capture_method).toBe('manual');
      stripe.authenticate(intentId);
      await deliverEvents();
      expect((await bookings(requestId))[0].status).toBe('held');
      await request(t.http)
        .post(`/api/admin/user-requests/${requestId}/bookings/capture`)
        .set('Authorization', await asAdmin(t))
        .expect(200);
      await deliverEvents();
      expect((await requestRow(requestId)).status).toBe('confirmed');
    });
  });
});
