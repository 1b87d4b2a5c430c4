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

/** Issue 20, section 2: guests who change their answer until the event's RSVP deadline. */
describe('Guests who change their answer', () => {
  let t: TestApp;
  let smtp: LaunchPartyApp['smtp'];
  const app = useLaunchPartyApp({ APP_URL: 'https://club.example.com' });
  beforeAll(() => ({ t, smtp } = app));

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    t.orm.em.getConnection().execute<T[]>(query, params);
  const page = async (code: string) => (await request(t.http).get(`/api/invitations/${code}`).expect(200)).body.data;
  const seatsTaken = async (eventId: number) => {
    const [{ seats }] = await sql<{ seats: number }>(
      `select coalesce(sum(guest_count), 0)::int as seats from rsvps where event_id = ? and status = 'attending'`,
      [eventId],
    );
    return seats;
  };

  it('shows the answer and the deadline (48 hours before the start by default) on the invitation page', async () => {
    const event = await createEvent(t);
    const invitation = await createInvitation(t, event.id, { maxGuests: 3 });
    expect((await page(invitation.invitationCode)).changes).toEqual({
      deadline: '2037-12-10T19:00:00.000Z',
      open: true,
      checkedIn: false,
      refusal: null,
      host: { name: 'Maison Fortuna', contact: 'events@maisonfortuna.local' },
    });
    await rsvp(t, invitation.invitationCode, {
      status: 'attending',
      guestCount: 2,
      guestNames: ['Grace Kelly', 'Prince Rainier'],
      dietaryRestrictions: 'No shellfish',
    }).expect(200);
    expect((await page(invitation.invitationCode)).rsvp).toMatchObject({
      status: 'attending',
      guestCount: 2,
      guestNames: ['Grace Kelly', 'Prince Rainier'],
      dietaryRestrictions: 'No shellfish',
    });
  });

  it('changes the count, the names, the diet and the requests; each change is emailed with an updated .ics', async () => {
    const event = await createEvent(t);
    const invitation = await createInvitation(t, event.id, { maxGuests: 4 });
    await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    await t.drain();
    expect(smtp.received).toHaveLength(1);

    const changed = await rsvp(t, invitation.invitationCode, {
      status: 'attending',
      guestCount: 3,
      guestNames: ['Grace Kelly', 'Prince Rainier', 'Princess Caroline'],
    }).expect(200);
    expect(changed.body.data).toMatchObject({ next: 'thank-you', rsvp: { guestCount: 3 } });
    await t.drain();
    expect(smtp.received).toHaveLength(2);
    const second = readable(smtp.received[1].raw);
    expect(second).toMatch(/Subject: =\?UTF-8\?Q\?Updated_confirmation:_The_Riviera/);
    expect(second).toContain('3 Guests');
    expect(second).toContain('Grace Kelly, Prince Rainier, Princess Caroline');
    expect(second).toContain('until Thursday, December 10, 2037 at 19:00');
    const ics = calendarOf(smtp.received[1].raw);
    expect(ics).toMatch(/SEQUENCE:\d+/);
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics).toMatch(new RegExp(`UID:event-${event.id}-invitation-${invitation.id}@`));

    // Only the diet and the requests: still a change, still emailed.
    await rsvp(t, invitation.invitationCode, {
      status: 'attending',
      guestCount: 3,
      guestNames: ['Grace Kelly', 'Prince Rainier', 'Princess Caroline'],
      dietaryRestrictions: 'Vegetarian',
      specialRequests: 'A table near the terrace',
    }).expect(200);
    await t.drain();
    expect(smtp.received).toHaveLength(3);
    expect(calendarOf(smtp.received[2].raw)).toMatch(/SEQUENCE:\d+/);
    expect((await page(invitation.invitationCode)).rsvp).toMatchObject({
      guestCount: 3,
      dietaryRestrictions: 'Vegetarian',
      specialRequests: 'A table near the terrace',
    });

    // Above the invitation's allowance: refused, nothing changes.
    const tooMany = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 5 }).expect(400);
    expect(tooMany.body.error).toBe('Guest count must be between 1 and 4');

    await rsvp(t, invitation.invitationCode, { status: 'not_attending' }).expect(200);
    await t.drain();
    expect(smtp.received).toHaveLength(4);
    const declined = readable(smtp.received[3].raw);
    expect(declined).toMatch(/Subject: =\?UTF-8\?Q\?Declined:_The_Riviera/);
    expect(declined).toContain('We have noted that you will not attend The Riviera Launch');
    const withdrawn = calendarOf(smtp.received[3].raw);
    expect(withdrawn).toContain('METHOD:CANCEL');
    expect(withdrawn).toContain('STATUS:CANCELLED');
    expect(withdrawn).toMatch(/SEQUENCE:\d+/);
  });

  it('gives seats back at once when a guest lowers the count or declines', async () => {
    const event = await createEvent(t, { capacity: 3 });
    const grace = await createInvitation(t, event.id, { maxGuests: 3 });
    const rainier = await createInvitation(t, event.id, { recipientEmail: 'rainier@example.com', maxGuests: 2 });
    const caroline = await createInvitation(t, event.id, { recipientEmail: 'caroline@example.com', maxGuests: 1 });
    await rsvp(t, grace.invitationCode, { status: 'attending', guestCount: 3 }).expect(200);
    const full = await rsvp(t, rainier.invitationCode, { status: 'attending', guestCount: 2 }).expect(409);
    expect(full.body.error).toBe('This event is at capacity');

    await rsvp(t, grace.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    await rsvp(t, rainier.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
    await rsvp(t, caroline.invitationCode, { status: 'attending', guestCount: 1 }).expect(409);

    await rsvp(t, grace.invitationCode, { status: 'not_attending' }).expect(200);
    await rsvp(t, caroline.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    expect(await seatsTaken(event.id)).toBe(3);
    // Back up again: the seats are gone now.
    await rsvp(t, grace.invitationCode, { status: 'attending', guestCount: 1 }).expect(409);
  });

  it('refuses any change of an answer after the RSVP deadline with a readable 409 naming the host', async () => {
    const event = await createEvent(t);
    const invitation = await createInvitation(t, event.id);
    await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);

    await admin(t)
      .patch(`/events/${event.id}`, { ...eventFields, rsvpDeadline: '2026-01-05T12:00' })
      .expect(200);
    const view = await page(invitation.invitationCode);
    expect(view.changes).toMatchObject({
      deadline: '2026-01-05T12:00:00.000Z',
      open: false,
      checkedIn: false,
      refusal:
        'The RSVP deadline has passed. To change your answer, please contact Maison Fortuna at events@maisonfortuna.local.',
    });

    for (const answer of [
      { status: 'attending', guestCount: 2 },
      { status: 'attending', guestCount: 1, dietaryRestrictions: 'Vegan' },
      { status: 'not_attending' },
    ]) {
      const refused = await rsvp(t, invitation.invitationCode, answer).expect(409);
      expect(refused.body).toEqual({
        success: false,
        error:
          'The RSVP deadline has passed. To change your answer, please contact Maison Fortuna at events@maisonfortuna.local.',
        code: 'RSVP_DEADLINE_PASSED',
      });
    }
    expect((await page(invitation.invitationCode)).rsvp).toMatchObject({ status: 'attending', guestCount: 1 });

    // A guest who never answered may still give a first answer; it is then final.
    const late = await createInvitation(t, event.id, { recipientEmail: 'late@example.com' });
    await rsvp(t, late.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    await rsvp(t, late.invitationCode, { status: 'not_attending' }).expect(409);
  });

  it('keeps the deadline before the start, with a readable 400', async () => {
    const late = await admin(t)
      .post('/events', { ...eventFields, rsvpDeadline: '2037-12-12T20:00' })
      .expect(400);
    expect(late.body.error).toBe('RSVP deadline must be before the event starts');
    const garbled = await admin(t)
      .post('/events', { ...eventFields, rsvpDeadline: 'next Tuesday' })
      .expect(400);
    expect(garbled.body.error).toBe('RSVP deadline must be a date and time like 2026-12-10T19:00');
    const created = await admin(t)
      .post('/events', { ...eventFields, rsvpDeadline: '2037-12-11T12:00' })
      .expect(201);
    expect(created.body.data).toMatchObject({ rsvpDeadline: '2037-12-11T12:00', reminderHours: [168, 24] });
  });

  it('never oversells: 30 guests changing their counts at once on a nearly full event', async () => {
    // 30 guests of 1 on 40 seats: 10 left. Each asks for 3 (2 more): exactly 5 can have them.
    const event = await createEvent(t, { capacity: 40 });
    const codes: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const invitation = await createInvitation(t, event.id, { recipientEmail: `guest${i}@example.com`, maxGuests: 3 });
      await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
      codes.push(invitation.invitationCode);
    }
    expect(await seatsTaken(event.id)).toBe(30);

    const responses = await Promise.all(codes.map((code) => rsvp(t, code, { status: 'attending', guestCount: 3 })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(25);
    for (const r of responses.filter((r) => r.status === 409)) expect(r.body.error).toBe('This event is at capacity');
    expect(await seatsTaken(event.id)).toBe(40);

    // Half of the winners lower again while the rest of the guests try once more, all at once:
    // whatever the order, the event never holds more than its capacity.
    const winners = codes.filter((_, i) => responses[i].status === 200);
    const losers = codes.filter((_, i) => responses[i].status === 409);
    const second = await Promise.all([
      ...winners.slice(0, 2).map((code) => rsvp(t, code, { status: 'attending', guestCount: 1 })),
      ...losers.map((code) => rsvp(t, code, { status: 'attending', guestCount: 2 })),
    ]);
    expect(second.slice(0, 2).map((r) => r.status)).toEqual([200, 200]);
    // The 4 seats given back go to at most 4 of the others (1 more each), as the order allowed.
    const raised = second.slice(2).filter((r) => r.status === 200).length;
    expect(raised).toBeLessThanOrEqual(4);
    expect(await seatsTaken(event.id)).toBe(36 + raised);
  }, 120_000);
});
