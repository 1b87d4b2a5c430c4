import request from 'supertest';
import type { TestApp } from './support/test-app';
import { useTestGatewayApp, type TestGatewayApp } from './support/test-gateway-app';
import { admin, createEvent, createInvitation, readable, rsvp, startingIn } from './support/launch-party-fixtures';

type Row = Record<string, unknown>;

/**
 * Issue 20, section 2, for a paid RSVP: fewer guests or a decline before the deadline refunds the
 * difference through the payments path (the test gateway, its events through the webhook queue);
 * more guests asks for the difference on the payment page.
 */
describe('A paid guest who changes their answer', () => {
  let t: TestApp;
  let smtp: TestGatewayApp['smtp'];
  const app = useTestGatewayApp();
  beforeAll(() => ({ t, smtp } = app));

  const sql = <T = Row>(query: string, params: unknown[] = []) => t.orm.em.getConnection().execute<T[]>(query, params);
  const subjects = () => smtp.received.map((m) => /Subject: ([^\r\n]*)/.exec(readable(m.raw))?.[1] ?? '');

  /** Opens a payment of `amount` (major units) for the reservation and pays it with the test card. */
  async function pay(rsvpId: string, amount: number) {
    const created = await request(t.http).post(`/api/rsvp/${rsvpId}/payment`).send({ amount }).expect(200);
    const clientSecret = created.body.data.clientSecret as string;
    await request(t.http)
      .post(`/api/test-payments/intents/${clientSecret.split('_secret_')[0]}/confirm`)
      .send({ clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })
      .expect(200);
    await t.drain();
    return created.body.data.payment.id as string;
  }

  async function paidParty(guestCount: number, capacity = 100, times: Record<string, unknown> = {}) {
    const event = await createEvent(t, { ticketPrice: 100, currency: 'EUR', capacity, ...times });
    const invitation = await createInvitation(t, event.id, { maxGuests: 4 });
    const answer = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount }).expect(200);
    const rsvpId = answer.body.data.rsvp.id as string;
    const paymentId = await pay(rsvpId, 100 * guestCount);
    smtp.received.length = 0;
    return { event, invitation, rsvpId, paymentId };
  }

  const reservation = async (rsvpId: string) =>
    (await sql('select status, guest_count, raise_to from rsvps where id = ?', [rsvpId]))[0];

  it('refunds the difference when the guest lowers the count, through the webhook path', async () => {
    const { invitation, rsvpId, paymentId } = await paidParty(3);
    const lowered = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    expect(lowered.body.data).toMatchObject({ next: 'thank-you', rsvp: { guestCount: 1, raiseTo: null } });
    // The seats are free at once; the money follows through the refund job and the provider's event.
    expect(await reservation(rsvpId)).toMatchObject({ status: 'attending', guest_count: 1 });
    await t.drain();

    expect(await sql('select amount, reason, refunded_at is not null as landed, error from payment_refunds')).toEqual([
      { amount: 20000, reason: 'guest_change', landed: true, error: null },
    ]);
    expect(await sql('select amount from test_gateway_refunds')).toEqual([{ amount: 20000 }]);
    expect(await sql(`select type, outcome from stripe_events where type = 'charge.refunded'`)).toEqual([
      { type: 'charge.refunded', outcome: 'partial-refund' },
    ]);
    // The payment stands for the guest who still comes.
    expect((await sql('select status, refund_requested_at from payments where id = ?', [paymentId]))[0]).toEqual({
      status: 'succeeded',
      refund_requested_at: null,
    });
    // The administrator's list shows the part given back beside the payment.
    const listed = (await admin(t).get('/payments').expect(200)).body.data as Row[];
    expect(listed.find((p) => p.id === paymentId)).toMatchObject({
      amount: 300,
      status: 'succeeded',
      partRefunded: 200,
      partRefundPending: 0,
    });
    expect(subjects()).toHaveLength(2);
    expect(subjects().some((s) => /Updated.confirmation/.test(s))).toBe(true);
    expect(subjects().some((s) => /Part.of.your.payment.is.being.refunded/.test(s))).toBe(true);
    const notice = readable(smtp.received.find((m) => /The difference of/.test(readable(m.raw)))!.raw);
    expect(notice).toContain('The difference of EUR 200.00 is being refunded');
    expect(notice).toContain('is now for 1 guest');
  });

  it('refunds what is left when the guest declines, and nothing is paid twice back', async () => {
    const { invitation, rsvpId, paymentId } = await paidParty(3);
    await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
    await t.drain();
    await rsvp(t, invitation.invitationCode, { status: 'not_attending' }).expect(200);
    await t.drain();
    expect(await reservation(rsvpId)).toMatchObject({ status: 'not_attending', guest_count: 0 });
    // EUR 100 for the first change, then the EUR 200 left: the whole EUR 300 back, once.
    expect(await sql('select amount from payment_refunds order by requested_at')).toEqual([
      { amount: 10000 },
      { amount: 20000 },
    ]);
    expect(await sql('select sum(amount)::int as refunded from test_gateway_refunds')).toEqual([{ refunded: 30000 }]);
    expect((await sql('select status, refund_reason from payments where id = ?', [paymentId]))[0]).toEqual({
      status: 'refunded',
      refund_reason: 'guest_change',
    });
    expect(subjects().filter((s) => /Declined/.test(s))).toHaveLength(1);
  });

  it('refunds the whole payment when the guest declines at once', async () => {
    const { invitation, paymentId } = await paidParty(2);
    await rsvp(t, invitation.invitationCode, { status: 'not_attending' }).expect(200);
    await t.drain();
    expect((await sql('select status, refund_reason from payments where id = ?', [paymentId]))[0]).toEqual({
      status: 'refunded',
      refund_reason: 'guest_change',
    });
    expect(await sql('select amount from test_gateway_refunds')).toEqual([{ amount: 20000 }]);
    expect(subjects().some((s) => /refunded/.test(s))).toBe(true);
  });

  it('asks for the difference when the guest brings more, and confirms the larger party once paid', async () => {
    const { event, invitation, rsvpId } = await paidParty(1, 3);
    const raised = await rsvp(t, invitation.invitationCode, {
      status: 'attending',
      guestCount: 3,
      guestNames: ['Grace Kelly', 'Prince Rainier', 'Princess Caroline'],
    }).expect(200);
    expect(raised.body.data).toMatchObject({ next: 'payment', rsvp: { guestCount: 1, raiseTo: 3 } });
    // The extra seats are held while the guest pays: nobody else can take them.
    const other = await createInvitation(t, event.id, { recipientEmail: 'other@example.com' });
    await rsvp(t, other.invitationCode, { status: 'attending', guestCount: 1 }).expect(409);

    // The full fee is refused: only the difference is due.
    const wrong = await request(t.http).post(`/api/rsvp/${rsvpId}/payment`).send({ amount: 300 }).expect(409);
    expect(wrong.body.error).toBe(
      'The amount does not match the ticket fee of EUR 200.00. Please reload the page and try again.',
    );
    await pay(rsvpId, 200);
    expect(await reservation(rsvpId)).toMatchObject({ status: 'attending', guest_count: 3, raise_to: null });
    expect(await sql(`select amount, status from payments order by created_at`)).toEqual([
      { amount: 10000, status: 'succeeded' },
      { amount: 20000, status: 'succeeded' },
    ]);
    const confirmation = smtp.received.find((m) => /Updated_confirmation/.test(readable(m.raw)));
    expect(readable(confirmation!.raw)).toContain('3 Guests');

    // Paid in full now: nothing more to pay.
    const again = await request(t.http).post(`/api/rsvp/${rsvpId}/payment`).send({ amount: 100 }).expect(409);
    expect(again.body.error).toBe('This reservation is already paid');
  });

  it('keeps the payment of a party that came: once checked in, fewer guests or a decline are refused, not refunded', async () => {
    const { event, invitation, rsvpId, paymentId } = await paidParty(4, 100, startingIn(1));
    await admin(t).post(`/events/${event.id}/check-in`, { rsvpId }).expect(200);

    const fewer = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(409);
    expect(fewer.body.error).toMatch(/^Your party has been checked in at the door/);
    await rsvp(t, invitation.invitationCode, { status: 'not_attending' }).expect(409);
    await t.drain();
    expect(await reservation(rsvpId)).toMatchObject({ status: 'attending', guest_count: 4 });
    expect(await sql('select amount from payment_refunds')).toEqual([]);
    expect(await sql('select amount from test_gateway_refunds')).toEqual([]);
    expect((await sql('select status, refund_requested_at from payments where id = ?', [paymentId]))[0]).toEqual({
      status: 'succeeded',
      refund_requested_at: null,
    });
    expect(subjects()).toEqual([]);

    // The host can still give the money back.
    await admin(t).post(`/payments/${paymentId}/refund`).expect(202);
    await t.drain();
    expect((await sql('select status, refund_reason from payments where id = ?', [paymentId]))[0]).toEqual({
      status: 'refunded',
      refund_reason: 'admin',
    });
  });
});
