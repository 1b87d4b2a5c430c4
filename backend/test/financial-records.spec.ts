import request from 'supertest';
import { admin, createEvent, createInvitation, eventFields, readable, rsvp } from './support/launch-party-fixtures';
import { useTestGatewayApp, type TestGatewayApp } from './support/test-gateway-app';
import type { TestApp } from './support/test-app';

type Row = Record<string, unknown>;

/**
 * A payment, a refund, a provider (webhook) event and an RSVP with money attached are financial
 * records: never deleted, by the code or by a mistake in it. An event that has them is cancelled
 * instead, and cancelling refunds through the payments path.
 */
describe('Financial records are never deleted', () => {
  let t: TestApp;
  let smtp: TestGatewayApp['smtp'];
  const app = useTestGatewayApp();
  beforeAll(() => ({ t, smtp } = app));

  const sql = <T = Row>(query: string, params: unknown[] = []) => t.orm.em.getConnection().execute<T[]>(query, params);
  const count = async (table: string) =>
    Number((await sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n);

  /** A guest who paid EUR 500 for two seats through the test gateway, landed and confirmed. */
  async function paidGuest(eventId?: number, email = 'grace@example.com') {
    const id = eventId ?? (await createEvent(t, { ticketPrice: 250, currency: 'EUR' })).id;
    const invitation = await createInvitation(t, id, { maxGuests: 2, recipientEmail: email });
    const answer = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
    const rsvpId = answer.body.data.rsvp.id as string;
    const created = await request(t.http).post(`/api/rsvp/${rsvpId}/payment`).send({ amount: 500 }).expect(200);
    const clientSecret = created.body.data.clientSecret as string;
    await request(t.http)
      .post(`/api/test-payments/intents/${clientSecret.split('_secret_')[0]}/confirm`)
      .send({ clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })
      .expect(200);
    await t.drain();
    const paymentId = created.body.data.payment.id as string;
    expect((await sql('select status from payments where id = ?', [paymentId]))[0]).toEqual({ status: 'succeeded' });
    return { eventId: id, invitation, rsvpId, paymentId };
  }

  describe('in the database itself', () => {
    it('refuses to delete a payment, a provider event, an RSVP with a payment, or what an RSVP points at', async () => {
      const { eventId, invitation, rsvpId, paymentId } = await paidGuest();
      const refusals: Array<[string, unknown[]]> = [
        ['delete from payments where id = ?', [paymentId]],
        ['delete from stripe_events', []],
        ['delete from rsvps where id = ?', [rsvpId]],
        ['delete from invitations where id = ?', [invitation.id]],
        ['delete from events where id = ?', [eventId]],
      ];
      for (const [statement, params] of refusals) {
        const error = await sql(statement, params).then(
          () => null,
          (e: { code?: string; message: string }) => e,
        );
        expect([statement, error?.code]).toEqual([statement, '23503']);
      }
      expect(await count('payments')).toBe(1);
      expect(await count('stripe_events')).toBeGreaterThan(0);
      expect(await count('rsvps')).toBe(1);
    });

    it('declares every key under an event as restricting, none as cascading', async () => {
      const keys = await sql<{ name: string; on_delete: string }>(
        `select conname as name, confdeltype as on_delete from pg_constraint
          where contype = 'f' and conrelid::regclass::text in ('invitations', 'rsvps', 'payments')
          order by conname`,
      );
      expect(keys).toEqual([
        { name: 'invitations_event_id_fkey', on_delete: 'r' },
        { name: 'payments_rsvp_id_fkey', on_delete: 'r' },
        { name: 'rsvps_event_id_fkey', on_delete: 'r' },
        { name: 'rsvps_invitation_id_fkey', on_delete: 'r' },
      ]);
    });
  });

  describe('through the API', () => {
    it('refuses to delete an event with a succeeded EUR 500 payment: 409, and the payment stays', async () => {
      const { eventId, paymentId } = await paidGuest();
      const response = await admin(t).delete(`/events/${eventId}`).expect(409);
      expect(response.body).toEqual({
        success: false,
        error:
          'A guest is attending this event, so it cannot be deleted. Set its status to cancelled instead: paid guests are refunded.',
        code: 'EVENT_HAS_GUESTS',
      });
      expect(await sql('select status, amount from payments where id = ?', [paymentId])).toEqual([
        { status: 'succeeded', amount: 50000 },
      ]);
      expect(await count('events')).toBe(1);
    });

    it('refuses to delete an event whose only payment failed: the attempt is a record too', async () => {
      const event = await createEvent(t, { ticketPrice: 250, currency: 'EUR' });
      const invitation = await createInvitation(t, event.id, { maxGuests: 1 });
      const answer = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
      const created = await request(t.http)
        .post(`/api/rsvp/${answer.body.data.rsvp.id}/payment`)
        .send({ amount: 250 })
        .expect(200);
      const clientSecret = created.body.data.clientSecret as string;
      await request(t.http)
        .post(`/api/test-payments/intents/${clientSecret.split('_secret_')[0]}/confirm`)
        .send({ clientSecret, cardNumber: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123' })
        .expect(402);
      await t.drain();
      const response = await admin(t).delete(`/events/${event.id}`).expect(409);
      expect(response.body.error).toBe(
        'This event has payments on record and cannot be deleted. Set its status to cancelled instead: paid guests are refunded.',
      );
      expect(response.body.code).toBe('EVENT_HAS_PAYMENTS');
      expect(await count('payments')).toBe(1);
      expect(await count('invitations')).toBe(1);
    });

    it('refuses to delete a free event a guest is attending', async () => {
      const event = await createEvent(t);
      const invitation = await createInvitation(t, event.id);
      await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
      const response = await admin(t).delete(`/events/${event.id}`).expect(409);
      expect(response.body.error).toMatch(/^A guest is attending this event/);
      expect(response.body.code).toBe('EVENT_HAS_GUESTS');
      expect(await count('rsvps')).toBe(1);
    });

    it('deletes an event nobody attends or paid for, with its invitations and RSVPs', async () => {
      const event = await createEvent(t);
      const declined = await createInvitation(t, event.id);
      await createInvitation(t, event.id, { recipientEmail: 'cary@example.com' });
      await rsvp(t, declined.invitationCode, { status: 'not_attending' }).expect(200);
      await admin(t)
        .delete(`/events/${event.id}`)
        .expect(200, { data: { id: event.id } });
      expect([await count('events'), await count('invitations'), await count('rsvps')]).toEqual([0, 0, 0]);
    });

    it('refuses to delete an invitation with a payment, and deletes one without', async () => {
      const { invitation, eventId } = await paidGuest();
      const response = await admin(t).delete(`/invitations/${invitation.id}`).expect(409);
      expect(response.body.error).toBe(
        "This invitation has a payment on record and cannot be deleted. To release the guest's place, refund the payment under Responses, Payments.",
      );
      expect(response.body.code).toBe('INVITATION_HAS_PAYMENTS');
      const other = await createInvitation(t, eventId, { recipientEmail: 'cary@example.com' });
      await rsvp(t, other.invitationCode, { status: 'not_attending' }).expect(200);
      await admin(t).delete(`/invitations/${other.id}`).expect(200);
      expect(await count('invitations')).toBe(1);
      expect(await count('payments')).toBe(1);
    });
  });

  describe('cancelling instead', () => {
    it('refunds every paid guest through the payments path and tells each of them once of each', async () => {
      const first = await paidGuest();
      const second = await paidGuest(first.eventId, 'cary@example.com');
      smtp.received.length = 0;

      await admin(t)
        .patch(`/events/${first.eventId}`, { ...eventFields, ticketPrice: 250, currency: 'EUR', status: 'cancelled' })
        .expect(200);
      await t.drain();

      const payments = await sql('select id, status, refund_reason from payments order by created_at');
      expect(payments).toEqual([
        { id: first.paymentId, status: 'refunded', refund_reason: 'event_cancelled' },
        { id: second.paymentId, status: 'refunded', refund_reason: 'event_cancelled' },
      ]);
      // The provider holds the refunds too, each asked once.
      expect(await count('test_gateway_refunds')).toBe(2);
      // Each guest is told once that the evening is cancelled, and once that the money is refunded.
      const told = smtp.received.map((m) => {
        const subject = /^Subject: (.*)$/m.exec(readable(m.raw))?.[1] ?? '';
        return `${m.to[0]} ${/Cancelled/.test(subject) ? 'cancelled' : /refunded/.test(subject) ? 'refunded' : subject}`;
      });
      expect(told.sort()).toEqual([
        'cary@example.com cancelled',
        'cary@example.com refunded',
        'grace@example.com cancelled',
        'grace@example.com refunded',
      ]);
      const refund = smtp.received.find((m) => /^Subject: .*refunded/m.test(readable(m.raw)));
      expect(readable(refund!.raw)).toContain('has been cancelled');

      // Saving the cancelled event again changes nothing.
      await admin(t)
        .patch(`/events/${first.eventId}`, { ...eventFields, ticketPrice: 250, currency: 'EUR', status: 'cancelled' })
        .expect(200);
      await t.drain();
      expect(await count('test_gateway_refunds')).toBe(2);
      expect(smtp.received).toHaveLength(4);
    });

    it('closes a payment still open when the event is cancelled: it can no longer be paid', async () => {
      const event = await createEvent(t, { ticketPrice: 250, currency: 'EUR' });
      const invitation = await createInvitation(t, event.id, { maxGuests: 1 });
      const answer = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
      const created = await request(t.http)
        .post(`/api/rsvp/${answer.body.data.rsvp.id}/payment`)
        .send({ amount: 250 })
        .expect(200);
      await admin(t)
        .patch(`/events/${event.id}`, { ...eventFields, ticketPrice: 250, currency: 'EUR', status: 'cancelled' })
        .expect(200);
      await t.drain();
      expect(await sql('select status, failure_message from payments')).toEqual([
        { status: 'failed', failure_message: 'The event was cancelled before this payment was made' },
      ]);
      const clientSecret = created.body.data.clientSecret as string;
      const late = await request(t.http)
        .post(`/api/test-payments/intents/${clientSecret.split('_secret_')[0]}/confirm`)
        .send({ clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })
        .expect(409);
      expect(late.body.error).toBe('This PaymentIntent has been canceled.');
      const again = await admin(t).post(`/invitations/${invitation.id}/send`).expect(409);
      expect(again.body.error).toBe('This event has been cancelled');
    });
  });
});
