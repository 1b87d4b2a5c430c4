import request from 'supertest';
import { useLaunchPartyApp, type LaunchPartyApp } from './support/launch-party-app';
import type { TestApp } from './support/test-app';
import {
  admin,
  calendarOf,
  createEvent,
  createInvitation,
  eventFields,
  readable,
  rsvp,
} from './support/launch-party-fixtures';

describe('Launch Party: events, invitations and RSVPs', () => {
  let t: TestApp;
  let smtp: LaunchPartyApp['smtp'];
  const app = useLaunchPartyApp({ PAYMENT_HOLD_MINUTES: '15' });
  beforeAll(() => ({ t, smtp } = app));

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    t.orm.em.getConnection().execute<T[]>(query, params);

  describe('admin events', () => {
    it('refuses every launch-party admin call without the admin credentials', async () => {
      for (const [method, path] of [
        ['get', '/api/admin/events'],
        ['post', '/api/admin/events'],
        ['patch', '/api/admin/events/1'],
        ['delete', '/api/admin/events/1'],
        ['get', '/api/admin/invitations'],
        ['get', '/api/admin/events/1/invitations'],
        ['post', '/api/admin/invitations'],
        ['post', '/api/admin/invitations/1/send'],
        ['delete', '/api/admin/invitations/1'],
        ['get', '/api/admin/rsvps'],
        ['get', '/api/admin/events/1/rsvps'],
        ['post', '/api/admin/events/1/invitations/send-pending'],
        ['get', '/api/admin/invitation-batches/00000000-0000-4000-8000-000000000000'],
        ['get', '/api/admin/payments'],
        ['get', '/api/admin/events/1/payments'],
        ['post', '/api/admin/payments/00000000-0000-4000-8000-000000000000/refund'],
      ] as const) {
        const response = await request(t.http)[method](path).send({});
        expect(response.status).toBe(401);
        expect(response.body.success).toBe(false);
      }
      const wrong = await request(t.http)
        .get('/api/admin/events')
        .set('Authorization', `Basic ${Buffer.from('admin:wrong-password').toString('base64')}`);
      expect(wrong.status).toBe(401);
    });

    it('creates an event with the form defaults and lists it', async () => {
      const minimal = { ...eventFields } as Record<string, unknown>;
      for (const key of ['eventType', 'currency', 'isPrivate', 'status', 'dresscode', 'imageUrl']) delete minimal[key];
      const created = await admin(t).post('/events', minimal).expect(201);
      expect(created.body.data).toMatchObject({
        id: expect.any(Number),
        name: 'The Riviera Launch',
        eventType: 'launch_party',
        currency: 'USD',
        isPrivate: true,
        status: 'draft',
        date: '2037-12-12',
        startTime: '19:00',
        endTime: '23:00',
        capacity: 100,
        ticketPrice: 0,
        dresscode: null,
        imageUrl: null,
      });
      expect(created.body.data.id).toBeGreaterThanOrEqual(1);
      const list = await admin(t).get('/events').expect(200);
      expect(list.body.total).toBe(1);
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0].name).toBe('The Riviera Launch');
    });

    it('keeps prices exact to the cent', async () => {
      const event = await createEvent(t, { ticketPrice: 249.99, currency: 'GBP' });
      const list = await admin(t).get('/events').expect(200);
      expect(list.body.data[0]).toMatchObject({ id: event.id, ticketPrice: 249.99, currency: 'GBP' });
      const [row] = await sql<{ ticket_price: string }>('select ticket_price from events');
      expect(row.ticket_price).toBe('249.99');
    });

    it.each([
      [{ name: '' }, 'Name is required'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: undefined }, 'Name is required'],
      [{ description: '' }, 'Description is required'],
      [{ date: '' }, 'Date is required'],
      [{ date: '2026-02-30' }, 'Date must be a valid date (YYYY-MM-DD)'],
      [{ startTime: '' }, 'Start time is required'],
      [{ startTime: '7pm' }, 'Start time must be a time like 19:00'],
      [{ endTime: '' }, 'End time is required'],
      [{ venue: '' }, 'Venue is required'],
      [{ venueAddress: '' }, 'Venue address is required'],
      [{ city: '' }, 'City is required'],
      [{ state: '' }, 'State/Province is required'],
      [{ country: '' }, 'Country is required'],
      [{ zipCode: '' }, 'Zip/Postal code is required'],
      [{ capacity: 0 }, 'Capacity must be at least 1'],
      [{ capacity: undefined }, 'Capacity must be at least 1'],
      [{ capacity: 'many' }, 'Capacity must be at least 1'],
      [{ ticketPrice: -1 }, 'Ticket price must be non-negative'],
      [{ ticketPrice: 'free' }, 'Ticket price must be non-negative'],
      [{ ticketPrice: 10.555 }, 'Ticket price can have at most 2 decimals'],
      [{ ticketPrice: 1500.5, currency: 'JPY' }, 'Ticket price in JPY must be a whole number'],
      [{ organizer: '' }, 'Organizer is required'],
      [{ organizerContact: '' }, 'Organizer contact is required'],
      [{ eventType: 'rave' }, 'Event type must be one of launch_party, gala, exhibition, dinner, conference'],
      [{ currency: 'BTC' }, 'Currency must be one of USD, EUR, GBP, JPY, CHF'],
      [{ status: 'live' }, 'Status must be one of draft, published, completed, cancelled'],
    ])('refuses an event with %j: "%s"', async (change, message) => {
      const response = await admin(t)
        .post('/events', { ...eventFields, ...change })
        .expect(400);
      expect(response.body).toMatchObject({ success: false, error: message });
      expect(await sql('select id from events')).toHaveLength(0);
    });

    it('reports a message for every missing field of an empty form', async () => {
      const response = await admin(t).post('/events', {}).expect(400);
      expect(response.body.fields).toMatchObject({
        name: 'Name is required',
        description: 'Description is required',
        date: 'Date is required',
        startTime: 'Start time is required',
        endTime: 'End time is required',
        venue: 'Venue is required',
        venueAddress: 'Venue address is required',
        city: 'City is required',
        state: 'State/Province is required',
        country: 'Country is required',
        zipCode: 'Zip/Postal code is required',
        capacity: 'Capacity must be at least 1',
        ticketPrice: 'Ticket price must be non-negative',
        organizer: 'Organizer is required',
        organizerContact: 'Organizer contact is required',
      });
    });

    it('updates an event, and refuses a capacity below the seats already taken', async () => {
      const event = await createEvent(t, { capacity: 10 });
      const updated = await admin(t)
        .patch(`/events/${event.id}`, { ...eventFields, name: 'The Riviera Gala', eventType: 'gala', capacity: 5 })
        .expect(200);
      expect(updated.body.data).toMatchObject({
        id: event.id,
        name: 'The Riviera Gala',
        eventType: 'gala',
        capacity: 5,
      });

      const invitation = await createInvitation(t, event.id, { maxGuests: 3 });
      await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 3 }).expect(200);
      const refused = await admin(t)
        .patch(`/events/${event.id}`, { ...eventFields, capacity: 2 })
        .expect(409);
      expect(refused.body.error).toBe('Capacity cannot be lower than the 3 seats already taken');
      await admin(t)
        .patch(`/events/${event.id}`, { ...eventFields, capacity: 3 })
        .expect(200);
    });

    it('answers 404 for an unknown or malformed event id', async () => {
      for (const id of ['999', 'abc', '0', '99999999999']) {
        const response = await admin(t).patch(`/events/${id}`, eventFields).expect(404);
        expect(response.body.error).toBe('Event not found');
      }
      await admin(t).delete('/events/42').expect(404);
      await admin(t).get('/events/42/invitations').expect(404);
      await admin(t).get('/events/42/rsvps').expect(404);
    });

    it('deletes an event nobody attends together with its invitations and RSVPs', async () => {
      const event = await createEvent(t);
      const invitation = await createInvitation(t, event.id);
      await rsvp(t, invitation.invitationCode, { status: 'not_attending' }).expect(200);
      await t.drain();
      await admin(t)
        .delete(`/events/${event.id}`)
        .expect(200, { data: { id: event.id } });
      expect(await sql('select id from invitations')).toHaveLength(0);
      expect(await sql('select id from rsvps')).toHaveLength(0);
      await request(t.http).get(`/api/invitations/${invitation.invitationCode}`).expect(404);
    });

    it('paginates the lists with a total', async () => {
      for (let i = 0; i < 3; i += 1) await createEvent(t, { name: `Soirée ${i}`, date: `2037-12-1${i}` });
      const page = await admin(t).get('/events?page=2&pageSize=2').expect(200);
      expect(page.body.total).toBe(3);
      expect(page.body.data).toHaveLength(1);
      expect(page.body.data[0].name).toBe('Soirée 0');
      const bad = await admin(t).get('/events?pageSize=0').expect(400);
      expect(bad.body.error).toBe('Page size must be a whole number from 1 to 500');
    });
  });

  describe('admin invitations', () => {
    it('creates an invitation with a random, URL-safe code of 128 bits or more', async () => {
      const event = await createEvent(t);
      const first = await createInvitation(t, event.id, {
        recipientEmail: ' Grace@Example.com ',
        maxGuests: undefined,
      });
      const second = await createInvitation(t, event.id, { recipientEmail: 'cary@example.com' });
      expect(first).toMatchObject({
        status: 'pending',
        recipientEmail: 'grace@example.com',
        maxGuests: 1,
        sentAt: null,
      });
      expect(first.invitationCode).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(Buffer.from(first.invitationCode, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(first.invitationCode).not.toBe(second.invitationCode);
    });

    it.each([
      [{ eventId: 0 }, 'Event is required'],
      [{ eventId: undefined }, 'Event is required'],
      [{ eventId: 999 }, 'Event is required'],
      [{ recipientName: '' }, 'Name is required'],
      [{ recipientEmail: 'grace' }, 'Valid email is required'],
      [{ recipientEmail: '' }, 'Valid email is required'],
      [{ maxGuests: 0 }, 'Maximum guests must be at least 1'],
      [{ maxGuests: 'two' }, 'Maximum guests must be at least 1'],
    ])('refuses an invitation with %j: "%s"', async (change, message) => {
      const event = await createEvent(t);
      const response = await admin(t)
        .post('/invitations', {
          eventId: event.id,
          recipientName: 'Grace Kelly',
          recipientEmail: 'grace@example.com',
          maxGuests: 1,
          ...change,
        })
        .expect(400);
      expect(response.body).toMatchObject({ success: false, error: message });
      expect(await sql('select id from invitations')).toHaveLength(0);
    });

    it('lists invitations for all events or one, with the event and "not sent" state', async () => {
      const riviera = await createEvent(t);
      const gala = await createEvent(t, { name: 'Winter Gala' });
      await createInvitation(t, riviera.id, { recipientName: 'Grace Kelly' });
      await createInvitation(t, gala.id, { recipientName: 'Cary Grant', recipientEmail: 'cary@example.com' });
      const all = await admin(t).get('/invitations').expect(200);
      expect(all.body.total).toBe(2);
      const one = await admin(t).get(`/events/${gala.id}/invitations`).expect(200);
      expect(one.body).toMatchObject({
        total: 1,
        data: [
          {
            recipientName: 'Cary Grant',
            status: 'pending',
            sentAt: null,
            deliveryStatus: null,
            event: { id: gala.id, name: 'Winter Gala' },
          },
        ],
      });
    });

    it('deletes an invitation', async () => {
      const event = await createEvent(t);
      const invitation = await createInvitation(t, event.id);
      await admin(t).delete(`/invitations/${invitation.id}`).expect(200);
      await admin(t).delete(`/invitations/${invitation.id}`).expect(404);
      expect(await sql('select id from invitations')).toHaveLength(0);
    });
  });

  describe('the guest invitation', () => {
    it('shows the event and only the public fields of the invitation; rsvp is null before an answer', async () => {
      const event = await createEvent(t, { ticketPrice: 250, currency: 'EUR' });
      const invitation = await createInvitation(t, event.id, { specialNotes: 'Valet at the north entrance' });
      const response = await request(t.http).get(`/api/invitations/${invitation.invitationCode}`).expect(200);
      expect(response.body.data).toEqual({
        event: expect.objectContaining({
          name: 'The Riviera Launch',
          date: '2037-12-12',
          time: '19:00 – 23:00 UTC',
          location: 'Hôtel de Paris',
          address: 'Place du Casino, Monte-Carlo, Monaco 98000, Monaco',
          ticketPrice: 250,
          currency: 'EUR',
          dresscode: 'Black tie',
          imageUrl: null,
        }),
        invitation: {
          recipientName: 'Grace Kelly',
          maxGuests: 2,
          status: 'pending',
          specialNotes: 'Valet at the north entrance',
        },
        rsvp: null,
        pass: null,
        // Until when answers may change, and whom to ask after that.
        changes: {
          deadline: '2037-12-10T19:00:00.000Z',
          open: true,
          checkedIn: false,
          refusal: null,
          host: { name: 'Maison Fortuna', contact: 'events@maisonfortuna.local' },
        },
      });
      const text = JSON.stringify(response.body);
      expect(text).not.toContain('grace@example.com');
      expect(text).not.toContain('capacity');
      expect(text).not.toContain(invitation.invitationCode);
    });

    it('answers 404 to an unknown code', async () => {
      const response = await request(t.http).get('/api/invitations/not-a-real-code').expect(404);
      expect(response.body).toEqual({ success: false, error: 'Invitation not found', code: 'NOT_FOUND' });
      await rsvp(t, 'not-a-real-code', { status: 'attending', guestCount: 1 }).expect(404);
    });

    it('confirms a free RSVP: attending, invitation accepted, next thank-you, confirmation email with the .ics', async () => {
      const event = await createEvent(t);
      const invitation = await createInvitation(t, event.id);
      const response = await rsvp(t, invitation.invitationCode, {
        status: 'attending',
        guestCount: 2,
        guestNames: ['Grace Kelly', ' Prince Rainier ', ''],
        dietaryRestrictions: 'No shellfish',
        specialRequests: 'A table by the window',
      }).expect(200);
      expect(response.body.data).toMatchObject({
        next: 'thank-you',
        rsvp: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          status: 'attending',
          guestCount: 2,
          guestNames: ['Grace Kelly', 'Prince Rainier'],
          dietaryRestrictions: 'No shellfish',
          specialRequests: 'A table by the window',
          holdExpiresAt: null,
        },
      });
      const view = await request(t.http).get(`/api/invitations/${invitation.invitationCode}`).expect(200);
      expect(view.body.data.invitation.status).toBe('accepted');
      expect(view.body.data.rsvp).toMatchObject({ status: 'attending', guestCount: 2 });

      await t.drain();
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0];
      expect(mail.to).toEqual(['grace@example.com']);
      expect(readable(mail.raw)).toContain('Your RSVP has been confirmed for The Riviera Launch');
      expect(readable(mail.raw)).toContain('2 Guests');
      const ics = calendarOf(mail.raw);
      expect(ics).toContain('BEGIN:VCALENDAR');
      expect(ics).toContain('DTSTART:20371212T190000');
      expect(ics).toContain('SUMMARY:The Riviera Launch');
      const [delivery] = await sql<{ key: string; status: string }>('select key, status from email_deliveries');
      expect(delivery).toEqual({ key: `rsvp.confirmation:${response.body.data.rsvp.id}:1`, status: 'sent' });
    });

    it('updates the same RSVP when the guest answers again, with a new confirmation for new details only', async () => {
      const event = await createEvent(t);
      const invitation = await createInvitation(t, event.id);
      const first = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
      await t.drain();
      expect(smtp.received).toHaveLength(1);
      expect(readable(smtp.received[0].raw)).toContain('1 Guest');

      // The same answer again: nothing new to confirm.
      await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
      await t.drain();
      expect(smtp.received).toHaveLength(1);

      const second = await rsvp(t, invitation.invitationCode, {
        status: 'attending',
        guestCount: 2,
        guestNames: ['Grace Kelly', 'Prince Rainier'],
      }).expect(200);
      expect(second.body.data.rsvp.id).toBe(first.body.data.rsvp.id);
      expect(second.body.data.rsvp.guestCount).toBe(2);
      await t.drain();
      expect(smtp.received).toHaveLength(2);
      const updated = readable(smtp.received[1].raw);
      expect(updated).toMatch(/Subject: =\?UTF-8\?Q\?Updated_confirmation:_The_Riviera/);
      expect(updated).toContain('Your RSVP has been confirmed for The Riviera Launch');
      expect(updated).toContain('2 Guests');
      expect(updated).toContain('Grace Kelly, Prince Rainier');

      const declined = await rsvp(t, invitation.invitationCode, { status: 'not_attending' }).expect(200);
      expect(declined.body.data).toMatchObject({
        next: 'thank-you',
        rsvp: { id: first.body.data.rsvp.id, status: 'not_attending', guestCount: 0 },
      });
      expect(await sql('select id from rsvps')).toHaveLength(1);
      const [row] = await sql<{ status: string }>('select status from invitations');
      expect(row.status).toBe('declined');
      // Declining is a change too: emailed, with a calendar update that withdraws the evening.
      await t.drain();
      expect(smtp.received).toHaveLength(3);
      expect(readable(smtp.received[2].raw)).toMatch(/Subject: =\?UTF-8\?Q\?Declined:_The_Riviera/);
      expect(calendarOf(smtp.received[2].raw)).toContain('STATUS:CANCELLED');

      // Accepting again is a new confirmation.
      await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
      await t.drain();
      expect(smtp.received).toHaveLength(4);
      expect(await sql('select key, status from email_deliveries order by key')).toEqual([
        { key: `rsvp.confirmation:${first.body.data.rsvp.id}:1`, status: 'sent' },
        { key: `rsvp.confirmation:${first.body.data.rsvp.id}:2`, status: 'sent' },
        { key: `rsvp.confirmation:${first.body.data.rsvp.id}:3`, status: 'sent' },
        { key: `rsvp.confirmation:${first.body.data.rsvp.id}:4`, status: 'sent' },
      ]);
    });

    it('skips a confirmation whose RSVP changed before the worker ran, and sends the current one', async () => {
      const event = await createEvent(t);
      const invitation = await createInvitation(t, event.id);
      const email = t.queue('email');
      await email.pause();
      try {
        const answer = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
        await rsvp(t, invitation.invitationCode, { status: 'not_attending' }).expect(200);
        await t.drainOutbox();
        await email.resume();
        await t.drain();
        const id = answer.body.data.rsvp.id as string;
        // Only the decline goes out: the confirmation it replaced is skipped.
        expect(smtp.received).toHaveLength(1);
        expect(readable(smtp.received[0].raw)).toMatch(/Subject: =\?UTF-8\?Q\?Declined:/);
        expect(await sql('select key, status, last_error from email_deliveries order by key')).toEqual([
          {
            key: `rsvp.confirmation:${id}:1`,
            status: 'skipped',
            last_error: 'The RSVP changed before this confirmation went out; the newer one is sent instead',
          },
          { key: `rsvp.confirmation:${id}:2`, status: 'sent', last_error: null },
        ]);
        smtp.received.length = 0;

        await email.pause();
        await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
        await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
        await t.drainOutbox();
        await email.resume();
        await t.drain();
        expect(smtp.received).toHaveLength(1);
        expect(readable(smtp.received[0].raw)).toContain('2 Guests');
        expect(await sql('select key, status from email_deliveries order by key')).toEqual([
          { key: `rsvp.confirmation:${id}:1`, status: 'skipped' },
          { key: `rsvp.confirmation:${id}:2`, status: 'sent' },
          { key: `rsvp.confirmation:${id}:3`, status: 'skipped' },
          { key: `rsvp.confirmation:${id}:4`, status: 'sent' },
        ]);
      } finally {
        await email.resume();
      }
    });

    it('holds seats for a paid event and sends the guest to payment', async () => {
      const event = await createEvent(t, { ticketPrice: 250, capacity: 2 });
      const invitation = await createInvitation(t, event.id);
      const before = Date.now();
      const response = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
      const after = Date.now();
      expect(response.body.data.next).toBe('payment');
      expect(response.body.data.rsvp.status).toBe('pending');
      // Fifteen minutes from the moment the server answered, however long the call took.
      const holdExpiresAt = new Date(response.body.data.rsvp.holdExpiresAt).getTime();
      expect(holdExpiresAt).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
      expect(holdExpiresAt).toBeLessThanOrEqual(after + 15 * 60_000 + 1000);
      const [row] = await sql<{ status: string }>('select status from invitations');
      expect(row.status).toBe('pending');

      const other = await createInvitation(t, event.id, { recipientEmail: 'cary@example.com' });
      const full = await rsvp(t, other.invitationCode, { status: 'attending', guestCount: 1 }).expect(409);
      expect(full.body).toEqual({ success: false, error: 'This event is at capacity', code: 'EVENT_AT_CAPACITY' });

      // Once the hold has expired, the seats are free again.
      await sql(`update rsvps set hold_expires_at = now() - interval '1 minute'`);
      await rsvp(t, other.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
      await t.drain();
      expect(smtp.received).toHaveLength(0);
    });

    it('never extends the payment hold when the guest answers again, and grants no second one', async () => {
      const event = await createEvent(t, { ticketPrice: 250, capacity: 2 });
      const invitation = await createInvitation(t, event.id);
      const first = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
      const heldUntil = first.body.data.rsvp.holdExpiresAt as string;
      for (const guestCount of [2, 1, 2]) {
        const again = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount }).expect(200);
        expect(again.body.data).toMatchObject({
          next: 'payment',
          rsvp: { status: 'pending', holdExpiresAt: heldUntil },
        });
      }
      const rsvpId = first.body.data.rsvp.id as string;
      await request(t.http).post(`/api/rsvp/${rsvpId}/payment`).send({ amount: 500 }).expect(200);
      const [{ hold_expires_at: afterPayment }] = await sql<{ hold_expires_at: string | Date }>(
        'select hold_expires_at from rsvps where id = ?',
        [rsvpId],
      );
      expect(new Date(afterPayment).toISOString()).toBe(heldUntil);

      // The hold ran out: answering again holds nothing, so others may take the seats.
      await sql(`update rsvps set hold_expires_at = now() - interval '1 minute'`);
      const lapsed = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
      expect(lapsed.body.data).toMatchObject({ next: 'payment', rsvp: { status: 'pending', holdExpiresAt: null } });
      const other = await createInvitation(t, event.id, { recipientEmail: 'cary@example.com' });
      await rsvp(t, other.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
      const full = await request(t.http).post(`/api/rsvp/${rsvpId}/payment`).send({ amount: 500 }).expect(409);
      expect(full.body.error).toBe('This event is at capacity');
      await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 2 }).expect(409);
    });

    it('declines: the invitation is declined and no seat is taken', async () => {
      const event = await createEvent(t, { capacity: 1 });
      const invitation = await createInvitation(t, event.id);
      const response = await rsvp(t, invitation.invitationCode, { status: 'not_attending' }).expect(200);
      expect(response.body.data).toMatchObject({ next: 'thank-you', rsvp: { status: 'not_attending' } });
      const other = await createInvitation(t, event.id, { recipientEmail: 'cary@example.com', maxGuests: 1 });
      await rsvp(t, other.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    });

    it('refuses a cancelled invitation, a cancelled event and a completed event with a readable 409', async () => {
      const event = await createEvent(t);
      const invitation = await createInvitation(t, event.id);
      await sql(`update invitations set status = 'cancelled'`);
      const cancelled = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(409);
      expect(cancelled.body.error).toBe('This invitation has been cancelled');

      await sql(`update invitations set status = 'sent'`);
      await admin(t)
        .patch(`/events/${event.id}`, { ...eventFields, status: 'cancelled' })
        .expect(200);
      const eventCancelled = await rsvp(t, invitation.invitationCode, { status: 'attending' }).expect(409);
      expect(eventCancelled.body.error).toBe('This event has been cancelled');

      await admin(t)
        .patch(`/events/${event.id}`, { ...eventFields, status: 'completed' })
        .expect(200);
      const completed = await rsvp(t, invitation.invitationCode, { status: 'not_attending' }).expect(409);
      expect(completed.body.error).toBe('This event has already taken place');
      expect(await sql('select id from rsvps')).toHaveLength(0);
    });

    it.each([
      [{ status: 'maybe' }, 'Please tell us whether you will attend'],
      [{ status: undefined }, 'Please tell us whether you will attend'],
      [{ status: 'attending', guestCount: 0 }, 'Guest count must be at least 1'],
      [{ status: 'attending', guestCount: 1.5 }, 'Guest count must be a whole number'],
      [{ status: 'attending', guestCount: 3 }, 'Guest count must be between 1 and 2'],
      [{ status: 'attending', guestCount: 1, guestNames: ['A', 'B'] }, 'Please list no more guest names than guests'],
      [{ status: 'attending', guestCount: 1, guestNames: 'Grace' }, 'Guest names must be a list'],
      [
        { status: 'attending', guestCount: 1, dietaryRestrictions: 'x'.repeat(1001) },
        'Dietary restrictions must be at most 1000 characters',
      ],
    ])('refuses the RSVP %j: "%s"', async (body, message) => {
      const event = await createEvent(t);
      const invitation = await createInvitation(t, event.id);
      const response = await rsvp(t, invitation.invitationCode, body).expect(400);
      expect(response.body).toMatchObject({ success: false, error: message });
      expect(await sql('select id from rsvps')).toHaveLength(0);
    });

    it('never oversells: 40 guests answering at once for 10 seats gives exactly 10 attending', async () => {
      const event = await createEvent(t, { capacity: 10 });
      const invitations: Array<{ invitationCode: string }> = [];
      for (let i = 0; i < 40; i += 1) {
        invitations.push(
          await createInvitation(t, event.id, { recipientEmail: `guest${i}@example.com`, maxGuests: 1 }),
        );
      }
      const responses = await Promise.all(
        invitations.map((invitation) => rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 })),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(30);
      for (const r of responses.filter((r) => r.status === 409)) {
        expect(r.body.error).toBe('This event is at capacity');
      }
      const [{ seats }] = await sql<{ seats: number }>(
        `select sum(guest_count)::int as seats from rsvps where event_id = ? and status = 'attending'`,
        [event.id],
      );
      expect(seats).toBe(10);
    });
  });

  describe('admin RSVPs', () => {
    it('lists RSVPs with their invitation and event, for all events or one', async () => {
      const riviera = await createEvent(t);
      const gala = await createEvent(t, { name: 'Winter Gala' });
      const a = await createInvitation(t, riviera.id);
      const b = await createInvitation(t, gala.id, { recipientName: 'Cary Grant', recipientEmail: 'cary@example.com' });
      await rsvp(t, a.invitationCode, {
        status: 'attending',
        guestCount: 2,
        guestNames: ['Grace Kelly', 'Rainier'],
      }).expect(200);
      await rsvp(t, b.invitationCode, { status: 'not_attending' }).expect(200);
      const all = await admin(t).get('/rsvps').expect(200);
      expect(all.body.total).toBe(2);
      const one = await admin(t).get(`/events/${riviera.id}/rsvps`).expect(200);
      expect(one.body).toMatchObject({
        total: 1,
        data: [
          {
            status: 'attending',
            guestCount: 2,
            guestNames: ['Grace Kelly', 'Rainier'],
            invitation: {
              id: a.id,
              recipientName: 'Grace Kelly',
              recipientEmail: 'grace@example.com',
              status: 'accepted',
            },
            event: { id: riviera.id, name: 'The Riviera Launch', ticketPrice: 0, currency: 'EUR' },
          },
        ],
      });
    });
  });
});
