import request from 'supertest';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';
import {
  admin,
  adminEnv,
  clockIn,
  createEvent,
  createInvitation,
  readable,
  resetWithAdmin,
  rsvp,
  startingIn,
} from './support/launch-party-fixtures';

describe('The door: QR passes and check-in', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ worker: true, env: { ...adminEnv, SMTP_URL: smtp.url } });
  });
  beforeEach(async () => {
    await resetWithAdmin(t);
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** An attending guest with a party of `guests`, and the pass their invitation page shows. */
  async function attendingGuest(eventId: number, email: string, guests = 3) {
    const invitation = await createInvitation(t, eventId, {
      recipientEmail: email,
      recipientName: 'Grace Kelly',
      maxGuests: guests,
    });
    await rsvp(t, invitation.invitationCode, {
      status: 'attending',
      guestCount: guests,
      guestNames: ['Rainier Grimaldi', 'Cary Grant'].slice(0, guests - 1),
      dietaryRestrictions: 'No shellfish',
    }).expect(200);
    const page = await request(t.http).get(`/api/invitations/${invitation.invitationCode}`).expect(200);
    return {
      invitation,
      rsvpId: page.body.data.rsvp.id as string,
      pass: page.body.data.pass as { token: string; svg: string },
    };
  }

  it('gives an attending guest a signed pass on the invitation page and in the confirmation email, never the RSVP id', async () => {
    const event = await createEvent(t);
    const { rsvpId, pass } = await attendingGuest(event.id, 'grace@example.com');
    expect(pass.token).toMatch(/^MFP1\.[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);
    expect(pass.token).not.toContain(rsvpId);
    expect(pass.token).not.toContain(rsvpId.replace(/-/g, ''));
    expect(pass.svg).toMatch(/^<svg[^>]*viewBox/);
    await t.drain();
    const confirmation = smtp.received.find((m) => readable(m.raw).includes('Your RSVP Is Confirmed'))!;
    const body = readable(confirmation.raw);
    expect(body).toContain('src="cid:pass@maison"');
    expect(body).toMatch(/Content-Type: image\/png; name=pass\.png/i);
    expect(body).toContain('Please present the pass below at the door');

    // A guest who has not answered, or declined, has no pass.
    const other = await createInvitation(t, event.id, { recipientEmail: 'cary@example.com' });
    expect(
      (await request(t.http).get(`/api/invitations/${other.invitationCode}`).expect(200)).body.data.pass,
    ).toBeNull();
  });

  it('shows the party for a scanned pass and checks it in once; a second scan changes nothing and says when', async () => {
    const event = await createEvent(t, startingIn(1));
    const { pass, rsvpId } = await attendingGuest(event.id, 'grace@example.com');
    const lookup = await admin(t).post(`/events/${event.id}/check-in/lookup`, { token: pass.token }).expect(200);
    expect(lookup.body.data).toEqual({
      rsvpId,
      name: 'Grace Kelly',
      partySize: 3,
      guestNames: ['Rainier Grimaldi', 'Cary Grant'],
      dietaryRestrictions: 'No shellfish',
      specialRequests: null,
      checkIn: null,
    });
    const first = await admin(t).post(`/events/${event.id}/check-in`, { token: pass.token, guests: 2 }).expect(200);
    expect(first.body.data.outcome).toBe('checked-in');
    expect(first.body.data.party.checkIn.arrived).toBe(2);
    const second = await admin(t).post(`/events/${event.id}/check-in`, { token: pass.token }).expect(200);
    expect(second.body.data.outcome).toBe('already');
    expect(second.body.data.party.checkIn).toEqual(first.body.data.party.checkIn);
    expect((await admin(t).get(`/events/${event.id}/check-in`).expect(200)).body.data).toEqual({
      expectedGuests: 3,
      arrivedGuests: 2,
      expectedParties: 1,
      arrivedParties: 1,
    });
    // The last of the party arrives later.
    const rest = await admin(t).patch(`/events/${event.id}/check-in/${rsvpId}`, { arrived: 3 });
    expect(rest.status).toBe(200);
    expect(rest.body.data.checkIn.arrived).toBe(3);
    expect((await admin(t).get(`/events/${event.id}/check-in`).expect(200)).body.data.arrivedGuests).toBe(3);
  });

  it('records one check-in when 20 devices scan the same pass at the same moment', async () => {
    const event = await createEvent(t, startingIn(1));
    const { pass, rsvpId } = await attendingGuest(event.id, 'grace@example.com');
    const scans = await Promise.all(
      Array.from({ length: 20 }, () => admin(t).post(`/events/${event.id}/check-in`, { token: pass.token })),
    );
    expect(scans.map((s) => s.status)).toEqual(Array(20).fill(200));
    const outcomes = scans.map((s) => s.body.data.outcome as string);
    expect(outcomes.filter((o) => o === 'checked-in')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already')).toHaveLength(19);
    const times = new Set(scans.map((s) => s.body.data.party.checkIn.checkedInAt as string));
    expect(times.size).toBe(1);
    const [{ n }] = await t.orm.em
      .getConnection()
      .execute<Array<{ n: number }>>('select count(*)::int as n from rsvp_check_ins where rsvp_id = ?', [rsvpId]);
    expect(n).toBe(1);
  });

  it('refuses a forged or tampered token, a pass for another event and a guest who is not attending', async () => {
    const event = await createEvent(t, startingIn(1));
    const { pass } = await attendingGuest(event.id, 'grace@example.com');
    const [prefix, passId, signature] = pass.token.split('.');
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'a' ? 'b' : 'a') + text.slice(at + 1);
    const forged = [
      `${prefix}.${'0'.repeat(32)}.${signature}`,
      `${prefix}.${flip(passId, 5)}.${signature}`,
      `${prefix}.${passId}.${flip(signature, 10)}`,
      `${prefix}.${passId}.${'A'.repeat(43)}`,
      passId,
      'not a pass at all',
      '',
    ];
    // The signature's last character carries two bits no byte uses: the same signature spelled
    // another way (E as F, G or H) is still not the pass the guest was given.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1)!);
    for (let spare = 1; spare < 4; spare += 1) {
      forged.push(`${prefix}.${passId}.${signature.slice(0, -1)}${alphabet[last + spare]}`);
    }
    for (const token of forged) {
      const refused = await admin(t).post(`/events/${event.id}/check-in`, { token }).expect(400);
      expect(refused.body.error).toBe('This pass is not valid');
    }
    expect((await admin(t).get(`/events/${event.id}/check-in`).expect(200)).body.data.arrivedParties).toBe(0);

    const elsewhere = await createEvent(t, { name: 'The Winter Gala', ...startingIn(1) });
    const wrong = await admin(t).post(`/events/${elsewhere.id}/check-in`, { token: pass.token }).expect(409);
    expect(wrong.body.error).toBe('This pass is for another event');

    const declined = await createInvitation(t, event.id, { recipientEmail: 'cary@example.com' });
    const answer = await rsvp(t, declined.invitationCode, { status: 'not_attending' }).expect(200);
    const notComing = await admin(t)
      .post(`/events/${event.id}/check-in`, { rsvpId: answer.body.data.rsvp.id })
      .expect(409);
    expect(notComing.body.error).toBe('This guest is not attending');
    // Staff credentials are required.
    await request(t.http).post(`/api/admin/events/${event.id}/check-in`).send({ token: pass.token }).expect(401);
  });

  it('finds parties by host or guest name, and checks in part of a party', async () => {
    const event = await createEvent(t, startingIn(1));
    await attendingGuest(event.id, 'grace@example.com');
    const found = await admin(t).get(`/events/${event.id}/check-in/guests?q=grimaldi`).expect(200);
    expect(found.body.data).toHaveLength(1);
    expect(found.body.data[0]).toMatchObject({ name: 'Grace Kelly', partySize: 3 });
    expect((await admin(t).get(`/events/${event.id}/check-in/guests?q=kelly`).expect(200)).body.data).toHaveLength(1);
    expect((await admin(t).get(`/events/${event.id}/check-in/guests?q=nobody`).expect(200)).body.data).toEqual([]);
    const partly = await admin(t)
      .post(`/events/${event.id}/check-in`, { rsvpId: found.body.data[0].rsvpId, guests: 1 })
      .expect(200);
    expect(partly.body.data.party.checkIn.arrived).toBe(1);
    const tooMany = await admin(t)
      .post(`/events/${event.id}/check-in`, { rsvpId: found.body.data[0].rsvpId, guests: 4 })
      .expect(400);
    expect(tooMany.body.error).toBe('Guests arriving must be between 1 and 3');
  });

  it('dates a check-in queued on an offline device at its scan, within the last two days', async () => {
    const event = await createEvent(t, startingIn(1));
    const { pass } = await attendingGuest(event.id, 'grace@example.com');
    const scannedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const synced = await admin(t).post(`/events/${event.id}/check-in`, { token: pass.token, scannedAt }).expect(200);
    expect(synced.body.data.party.checkIn.checkedInAt).toBe(scannedAt);
    const stale = await admin(t)
      .post(`/events/${event.id}/check-in`, { token: pass.token, scannedAt: '2020-01-01T00:00:00.000Z' })
      .expect(400);
    expect(stale.body.error).toBe('Scanned at must be a time within the last two days');
  });

  it('checks parties in only on the event’s day: from six hours before the start to the end', async () => {
    const later = await createEvent(t, { name: 'The Spring Soirée', ...startingIn(3 * 24) });
    const early = await attendingGuest(later.id, 'grace@example.com');
    const notYet = await admin(t).post(`/events/${later.id}/check-in`, { token: early.pass.token }).expect(409);
    expect(notYet.body.code).toBe('CHECK_IN_CLOSED');
    expect(notYet.body.error).toMatch(
      /^Check-in for The Spring Soirée opens on \w+, \w+ \d+, \d{4} at \d\d:\d\d, 6 hours before it starts\.$/,
    );
    // Looking a pass up is not checking in: the door may read it any day.
    await admin(t).post(`/events/${later.id}/check-in/lookup`, { token: early.pass.token }).expect(200);

    // An evening that started four hours ago and ended an hour ago.
    const over = await createEvent(t, { name: 'The Summer Ball', ...startingIn(-4) });
    const late = await attendingGuest(over.id, 'cary@example.com');
    const closed = await admin(t).post(`/events/${over.id}/check-in`, { token: late.pass.token }).expect(409);
    expect(closed.body.code).toBe('CHECK_IN_CLOSED');
    expect(closed.body.error).toMatch(
      /^Check-in for The Summer Ball closed when the event ended, on \w+, \w+ \d+, \d{4} at \d\d:\d\d\.$/,
    );
    expect((await admin(t).get(`/events/${over.id}/check-in`).expect(200)).body.data.arrivedParties).toBe(0);
    // A device that scanned the pass during the evening, offline, still records it when it syncs.
    const scannedAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const synced = await admin(t)
      .post(`/events/${over.id}/check-in`, { token: late.pass.token, scannedAt })
      .expect(200);
    expect(synced.body.data.party.checkIn.checkedInAt).toBe(scannedAt);

    // Six hours before the start the door is open.
    const tonight = await createEvent(t, { name: 'The Autumn Dinner', ...startingIn(5.5) });
    const onTime = await attendingGuest(tonight.id, 'rainier@example.com');
    await admin(t).post(`/events/${tonight.id}/check-in`, { token: onTime.pass.token }).expect(200);
  });

  it('keeps the door’s hours on the clock of the venue’s zone: a New York party is checked in at 19:00 there', async () => {
    const zone = 'America/New_York';
    // Tonight in New York, starting within the hour there (the same clock read in UTC ended hours ago).
    const tonight = await createEvent(t, { name: 'The Manhattan Soirée', ...startingIn(0.5, zone) });
    const now = await attendingGuest(tonight.id, 'grace@example.com');
    await admin(t).post(`/events/${tonight.id}/check-in`, { token: now.pass.token }).expect(200);

    // Last evening's party, 19:00 to 23:00 in New York, and a device at its door that scanned a
    // pass at 19:00 there, offline, syncing now.
    let evening = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    while (clockIn(zone, new Date(evening)).time !== '19:00') evening -= 3_600_000;
    const { date } = clockIn(zone, new Date(evening));
    const gala = await createEvent(t, {
      name: 'The Hudson Gala',
      date,
      startTime: '19:00',
      endTime: '23:00',
      timeZone: zone,
      rsvpDeadline: `${date}T19:00`,
      reminderHours: [],
    });
    const guest = await attendingGuest(gala.id, 'cary@example.com');
    const scannedAt = new Date(evening).toISOString();
    const synced = await admin(t)
      .post(`/events/${gala.id}/check-in`, { token: guest.pass.token, scannedAt })
      .expect(200);
    expect(synced.body.data.party.checkIn.checkedInAt).toBe(scannedAt);

    // Three days early the door is shut, and says when it opens on New York's clock.
    const from = Date.now();
    const later = await createEvent(t, { name: 'The Empire Ball', ...startingIn(72, zone, from) });
    const early = await attendingGuest(later.id, 'rainier@example.com');
    const refused = await admin(t).post(`/events/${later.id}/check-in`, { token: early.pass.token }).expect(409);
    const opens = new Date(from + 66 * 3_600_000);
    const day = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(opens);
    expect(refused.body.error).toBe(
      `Check-in for The Empire Ball opens on ${day} at ${clockIn(zone, opens).time}, 6 hours before it starts.`,
    );
  });

  it('closes the guest’s answer once any of the party is checked in; the invitation page says why', async () => {
    const event = await createEvent(t, startingIn(1));
    const { invitation, rsvpId } = await attendingGuest(event.id, 'grace@example.com', 3);
    // Before the door, the guest may still change the answer.
    const before = await request(t.http).get(`/api/invitations/${invitation.invitationCode}`).expect(200);
    expect(before.body.data.changes).toMatchObject({ open: true, checkedIn: false, refusal: null });

    await admin(t).post(`/events/${event.id}/check-in`, { rsvpId, guests: 1 }).expect(200);
    const refusal =
      'Your party has been checked in at the door, so your answer can no longer be changed here. ' +
      'To change it, please contact Maison Fortuna at events@maisonfortuna.local.';
    const fewer = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(409);
    expect(fewer.body).toEqual({ success: false, error: refusal, code: 'ALREADY_CHECKED_IN' });
    await rsvp(t, invitation.invitationCode, { status: 'not_attending' }).expect(409, {
      success: false,
      error: refusal,
      code: 'ALREADY_CHECKED_IN',
    });

    const page = await request(t.http).get(`/api/invitations/${invitation.invitationCode}`).expect(200);
    expect(page.body.data.rsvp).toMatchObject({ status: 'attending', guestCount: 3 });
    expect(page.body.data.changes).toMatchObject({ open: false, checkedIn: true, refusal });
    // The door still counts the whole party.
    expect((await admin(t).get(`/events/${event.id}/check-in`).expect(200)).body.data.expectedGuests).toBe(3);
  });
});
