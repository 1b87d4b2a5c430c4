import type { Job } from 'bullmq';
import request from 'supertest';
import { admin, createEvent, createInvitation, eventFields, readable, rsvp } from './support/launch-party-fixtures';
import { useLaunchPartyApp, type LaunchPartyApp } from './support/launch-party-app';
import type { TestApp } from './support/test-app';

type Row = Record<string, unknown>;

describe('Launch Party: the waiting list of a full event', () => {
  let t: TestApp;
  let smtp: LaunchPartyApp['smtp'];
  const app = useLaunchPartyApp({
    // The offline test gateway: a paid claim goes through the same payment path as in the app.
    STRIPE_SECRET_KEY: '',
    STRIPE_PUBLISHABLE_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '10000',
    PAYMENT_HOLD_MINUTES: '15',
  });
  beforeAll(() => ({ t, smtp } = app));
  afterEach(async () => {
    // Offers' expiry jobs wait a day: removed, so the next reset does not wait on them.
    for (const job of await t.queue('maintenance').getDelayed()) await job.remove();
  });

  const sql = <T = Row>(query: string, params: unknown[] = []) => t.orm.em.getConnection().execute<T[]>(query, params);

  /** Waits until the outbox is relayed and no job waits or runs (an offer's expiry job stays delayed). */
  async function settle(timeoutMs = 15000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const jobs = () =>
      Promise.all(
        ['email', 'maintenance', 'stripe-webhooks'].map((name) =>
          t.queue(name).getJobCounts('waiting', 'active', 'prioritized'),
        ),
      );
    const total = (counts: Array<Record<string, number>>) =>
      counts.reduce((sum, c) => sum + Object.values(c).reduce((a, b) => a + b, 0), 0);
    for (;;) {
      // The queues, then the outbox, then the queues again: a job that ends between two reads has
      // committed its outbox rows before it ended, and a row relayed meanwhile is a job by the last read.
      const before = await jobs();
      const [{ count }] = await sql<{ count: number }>(
        'select count(*)::int as count from outbox_messages where dispatched_at is null',
      );
      const counts = await jobs();
      const busy = total(before) + Number(count) + total(counts);
      if (busy === 0) return;
      if (Date.now() > deadline)
        throw new Error(
          `Jobs did not settle: ${JSON.stringify(await sql('select * from outbox_messages where dispatched_at is null'))} ${JSON.stringify(counts)}`,
        );
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** The delayed expiry job of a guest's offer. */
  async function expiryJob(entryId: string): Promise<Job> {
    const jobs = await t.queue('maintenance').getDelayed();
    const job = jobs.find((j) => j.name === 'waiting-list.offer-expiry' && j.data.entryId === entryId);
    if (!job) throw new Error(`No delayed expiry job for ${entryId}`);
    return job;
  }

  /** The offer window ends now: its delayed job is promoted, runs, and what follows settles. */
  async function expireNow(entryId: string): Promise<void> {
    await (await expiryJob(entryId)).promote();
    await settle();
  }

  const join = (code: string, body: Record<string, unknown>) =>
    request(t.http).post(`/api/invitations/${code}/waiting-list`).send(body);
  const turn = async (code: string) =>
    (await request(t.http).get(`/api/invitations/${code}/waiting-list`).expect(200)).body.data;
  const entryOf = async (invitationId: number) => {
    const [row] = await sql<{
      id: string;
      status: string;
      offered_at: string;
      offer_expires_at: string;
      rsvp_id: string;
    }>('select * from waiting_list_entries where invitation_id = ? order by seq desc limit 1', [invitationId]);
    return { ...row, offered_at: new Date(row.offered_at), offer_expires_at: new Date(row.offer_expires_at) };
  };
  /** Seats held now, by the ledger's own rule (attending, or pending within a live hold). */
  const seatsHeld = async (eventId: number) =>
    Number(
      (
        await sql<{ taken: number }>(
          `select coalesce(sum(guest_count), 0)::int as taken from rsvps where event_id = ?
             and (status = 'attending' or (status = 'pending' and hold_expires_at > now()))`,
          [eventId],
        )
      )[0].taken,
    );
  const offersTo = (email: string) =>
    smtp.received.filter((m) => m.to.includes(email) && readable(m.raw).includes('A Place Has Opened'));

  async function guest(eventId: number, email: string, maxGuests = 2) {
    return createInvitation(t, eventId, { recipientEmail: email, recipientName: email.split('@')[0], maxGuests });
  }

  it('offers a freed seat to the first guest in line by email, holds it for the offer window, and the guest claims it', async () => {
    const event = await createEvent(t, { capacity: 2 });
    expect((event as Row).offerWindowHours).toBe(24);

    const host = await guest(event.id, 'host@example.com');
    await rsvp(t, host.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
    const grace = await guest(event.id, 'grace@example.com');
    const cary = await guest(event.id, 'cary@example.com');

    // Full: the answer is refused as before, and the guest joins the line instead.
    await rsvp(t, grace.invitationCode, { status: 'attending', guestCount: 1 }).expect(409, {
      success: false,
      error: 'This event is at capacity',
      code: 'EVENT_AT_CAPACITY',
    });
    expect(await turn(grace.invitationCode)).toBeNull();
    const joined = await join(grace.invitationCode, { guestCount: 1, guestNames: ['Grace Kelly'] }).expect(200);
    expect(joined.body.data).toMatchObject({ status: 'waiting', position: 1, guestCount: 1, offerExpiresAt: null });
    // Joining twice answers the same turn.
    expect((await join(grace.invitationCode, { guestCount: 1 }).expect(200)).body.data.position).toBe(1);
    expect((await join(cary.invitationCode, { guestCount: 1 }).expect(200)).body.data.position).toBe(2);
    // A party larger than the invitation is refused readably.
    expect((await join(cary.invitationCode, { guestCount: 3 })).status).toBe(200); // already in line: same turn
    const bad = await join(host.invitationCode, { guestCount: 1 }).expect(409);
    expect(bad.body.error).toBe('You already have a place at this event');
    await settle();
    expect(smtp.received.filter((m) => !m.to.includes('host@example.com'))).toHaveLength(0);

    // The host lowers the count: one seat comes free and is offered to Grace, first in line.
    await rsvp(t, host.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    await settle();
    expect(offersTo('grace@example.com')).toHaveLength(1);
    expect(offersTo('cary@example.com')).toHaveLength(0);
    const mail = readable(offersTo('grace@example.com')[0].raw);
    expect(mail).toContain(`/invitation/${grace.invitationCode}`);
    expect(mail).toContain('Held until');

    const entry = await entryOf(grace.id);
    expect(entry.status).toBe('offered');
    // Held for the event's offer window (24 hours), by the seat ledger's own hold on her RSVP.
    expect(entry.offer_expires_at.getTime() - entry.offered_at.getTime()).toBe(24 * 3_600_000);
    const [held] = await sql<{ status: string; guest_count: number; hold_expires_at: Date; guest_names: string[] }>(
      'select * from rsvps where id = ?',
      [entry.rsvp_id],
    );
    expect(held).toMatchObject({ status: 'pending', guest_count: 1, guest_names: ['Grace Kelly'] });
    expect(new Date(held.hold_expires_at).getTime()).toBe(entry.offer_expires_at.getTime());
    // The expiry is a delayed job on the queue, due when the window closes.
    expect((await expiryJob(entry.id)).opts.delay).toBe(24 * 3_600_000);
    expect(await turn(grace.invitationCode)).toMatchObject({
      status: 'offered',
      position: null,
      offerExpiresAt: entry.offer_expires_at.toISOString(),
    });
    expect(await turn(cary.invitationCode)).toMatchObject({ status: 'waiting', position: 1 });

    // The held seat is Grace's: a guest not in line cannot take it meanwhile.
    const other = await guest(event.id, 'other@example.com');
    await rsvp(t, other.invitationCode, { status: 'attending', guestCount: 1 }).expect(409);

    // The admin sees the line with its offer.
    const list = await admin(t).get(`/events/${event.id}/waiting-list`).expect(200);
    expect(list.body.total).toBe(2);
    expect(list.body.data.map((r: Row) => [r.status, r.position, (r.invitation as Row).recipientEmail])).toEqual([
      ['offered', null, 'grace@example.com'],
      ['waiting', 1, 'cary@example.com'],
    ]);

    // Grace claims it by answering her invitation.
    const claimed = await rsvp(t, grace.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    expect(claimed.body.data).toMatchObject({ next: 'thank-you', rsvp: { status: 'attending', guestCount: 1 } });
    expect(await turn(grace.invitationCode)).toMatchObject({ status: 'claimed' });
    // Her window closing later changes nothing.
    await expireNow(entry.id);
    expect(await turn(grace.invitationCode)).toMatchObject({ status: 'claimed' });
    expect(await turn(cary.invitationCode)).toMatchObject({ status: 'waiting', position: 1 });
    expect(await seatsHeld(event.id)).toBe(2);
    expect(offersTo('cary@example.com')).toHaveLength(0);
  });

  it('an unclaimed offer expires and passes to the next guest in line whose party fits', async () => {
    const event = await createEvent(t, { capacity: 3, offerWindowHours: 2 });
    const host = await guest(event.id, 'host@example.com', 3);
    await rsvp(t, host.invitationCode, { status: 'attending', guestCount: 3 }).expect(200);
    const [big, first, second] = [
      await guest(event.id, 'big@example.com'),
      await guest(event.id, 'first@example.com'),
      await guest(event.id, 'second@example.com'),
    ];
    await join(big.invitationCode, { guestCount: 2 }).expect(200);
    await join(first.invitationCode, { guestCount: 1 }).expect(200);
    await join(second.invitationCode, { guestCount: 1 }).expect(200);

    // One seat: the party of two ahead does not fit, so the next guest whose party fits is offered it.
    await rsvp(t, host.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
    await settle();
    expect(offersTo('first@example.com')).toHaveLength(1);
    expect(offersTo('big@example.com')).toHaveLength(0);
    const offer = await entryOf(first.id);
    expect(offer.offer_expires_at.getTime() - offer.offered_at.getTime()).toBe(2 * 3_600_000);
    expect(await turn(big.invitationCode)).toMatchObject({ status: 'waiting', position: 1 });

    // The window closes unclaimed: the seat goes to the next guest whose party fits.
    await expireNow(offer.id);
    expect(await turn(first.invitationCode)).toMatchObject({ status: 'expired' });
    const [lapsed] = await sql('select status, guest_count, hold_expires_at from rsvps where id = ?', [offer.rsvp_id]);
    expect(lapsed).toEqual({ status: 'not_attending', guest_count: 0, hold_expires_at: null });
    expect(offersTo('second@example.com')).toHaveLength(1);
    await rsvp(t, first.invitationCode, { status: 'attending', guestCount: 1 }).expect(409);
    expect(await seatsHeld(event.id)).toBe(3);

    // The second guest declines the offer: the seat is free, and no one left in line fits it.
    await rsvp(t, second.invitationCode, { status: 'not_attending' }).expect(200);
    await settle();
    expect(await turn(second.invitationCode)).toMatchObject({ status: 'declined' });
    expect(offersTo('big@example.com')).toHaveLength(0);
    // The host leaves too: two seats, and the party of two is offered them.
    await rsvp(t, host.invitationCode, { status: 'not_attending' }).expect(200);
    await settle();
    expect(offersTo('big@example.com')).toHaveLength(1);
    expect(await turn(big.invitationCode)).toMatchObject({ status: 'offered', guestCount: 2 });
    // Leaving the line gives the offer up.
    expect(
      (await request(t.http).delete(`/api/invitations/${big.invitationCode}/waiting-list`).expect(200)).body.data,
    ).toMatchObject({ status: 'left' });
    expect(await seatsHeld(event.id)).toBe(0);
    // The expired guest may join again, at the end of the line; the seats are free, so they RSVP.
    await join(first.invitationCode, { guestCount: 1 }).expect(409, {
      success: false,
      error: 'Seats are available for your party: please RSVP instead',
      code: 'CONFLICT',
    });
  });

  it('10 concurrent claims of one freed seat give one winner, and the seat is never sold twice', async () => {
    const event = await createEvent(t, { capacity: 1 });
    const host = await guest(event.id, 'host@example.com', 1);
    await rsvp(t, host.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    const line: Array<{ invitationCode: string }> = [];
    for (let i = 0; i < 10; i += 1) {
      const invitation = await guest(event.id, `guest${i}@example.com`, 1);
      await join(invitation.invitationCode, { guestCount: 1 }).expect(200);
      line.push(invitation);
    }
    await rsvp(t, host.invitationCode, { status: 'not_attending' }).expect(200);
    await settle();
    expect(smtp.received.filter((m) => readable(m.raw).includes('A Place Has Opened')).map((m) => m.to[0])).toEqual([
      'guest0@example.com',
    ]);

    const answers = await Promise.all(
      line.map((invitation) => rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(answers[0].status).toBe(200);
    const attending = await sql<{ email: string }>(
      `select i.recipient_email as email from rsvps r join invitations i on i.id = r.invitation_id
        where r.event_id = ? and r.status = 'attending'`,
      [event.id],
    );
    expect(attending).toEqual([{ email: 'guest0@example.com' }]);
    expect(await seatsHeld(event.id)).toBe(1);

    // The same guest claiming ten times at once is one claim.
    const again = await Promise.all(
      Array.from({ length: 10 }, () => rsvp(t, line[0].invitationCode, { status: 'attending', guestCount: 1 })),
    );
    expect(again.map((a) => a.status)).toEqual(Array(10).fill(200));
    await settle();
    expect(await seatsHeld(event.id)).toBe(1);
    const confirmations = smtp.received.filter(
      (m) => m.to.includes('guest0@example.com') && m.raw.includes('Confirmed'),
    );
    expect(confirmations).toHaveLength(1);
  });

  it('never oversells under concurrent declines, claims, joins and expiries', async () => {
    const capacity = 6;
    const event = await createEvent(t, { capacity });
    const seated: Array<{ invitationCode: string }> = [];
    for (let i = 0; i < 3; i += 1) {
      const invitation = await guest(event.id, `seated${i}@example.com`, 2);
      await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
      seated.push(invitation);
    }
    const waiting: Array<{ invitationCode: string }> = [];
    for (let i = 0; i < 8; i += 1) {
      const invitation = await guest(event.id, `waiting${i}@example.com`, 2);
      await join(invitation.invitationCode, { guestCount: 1 + (i % 2) }).expect(200);
      waiting.push(invitation);
    }
    const outsiders: Array<{ invitationCode: string }> = [];
    for (let i = 0; i < 6; i += 1) outsiders.push(await guest(event.id, `outsider${i}@example.com`, 2));

    for (let round = 0; round < 3; round += 1) {
      const entries = await sql<{ id: string }>(
        `select id from waiting_list_entries where event_id = ? and status = 'offered'`,
        [event.id],
      );
      await Promise.all([
        // Seats come free...
        rsvp(t, seated[round].invitationCode, { status: 'attending', guestCount: 1 }),
        rsvp(t, seated[(round + 1) % 3].invitationCode, {
          status: round === 2 ? 'not_attending' : 'attending',
          guestCount: 2,
        }),
        // ...while everyone in line tries to answer, outsiders try too, and offers end.
        ...waiting.map((w, i) => rsvp(t, w.invitationCode, { status: 'attending', guestCount: 1 + (i % 2) })),
        ...outsiders.map((o) => rsvp(t, o.invitationCode, { status: 'attending', guestCount: 1 })),
        ...outsiders.map((o) => join(o.invitationCode, { guestCount: 2 })),
        ...entries.map(async (e) => (await expiryJob(e.id).catch(() => null))?.promote().catch(() => undefined)),
      ]);
      await settle();
      expect(await seatsHeld(event.id)).toBeLessThanOrEqual(capacity);
    }
    // Every live offer is backed by its held RSVP, and one guest has one live turn.
    const offers = await sql<{ held: boolean }>(
      `select (r.status = 'pending' and r.hold_expires_at > now()) or r.status = 'attending' as held
         from waiting_list_entries w join rsvps r on r.id = w.rsvp_id
        where w.event_id = ? and w.status = 'offered'`,
      [event.id],
    );
    expect(offers.every((o) => o.held)).toBe(true);
    const [{ dupes }] = await sql<{ dupes: number }>(
      `select count(*)::int as dupes from (select invitation_id from waiting_list_entries
         where status in ('waiting', 'offered') group by invitation_id having count(*) > 1) d`,
    );
    expect(dupes).toBe(0);
  });

  it('offers the seats a lapsed payment hold and a refund give back, and a paid offer is claimed by paying', async () => {
    const event = await createEvent(t, { capacity: 2, ticketPrice: 100, currency: 'EUR' });
    const payer = await guest(event.id, 'payer@example.com');
    const answer = await rsvp(t, payer.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
    expect(answer.body.data.next).toBe('payment');
    const grace = await guest(event.id, 'grace@example.com');
    const cary = await guest(event.id, 'cary@example.com');
    await join(grace.invitationCode, { guestCount: 2 }).expect(200);
    await join(cary.invitationCode, { guestCount: 2 }).expect(200);

    // The payer's hold lapses; the repeating release job gives the seats back, to Grace.
    await sql(`update rsvps set hold_expires_at = now() - interval '1 minute' where id = ?`, [
      answer.body.data.rsvp.id,
    ]);
    await t.queue('maintenance').add('payments.release-expired-holds', {});
    await settle();
    expect(offersTo('grace@example.com')).toHaveLength(1);
    expect(readable(offersTo('grace@example.com')[0].raw)).toContain('complete the payment');

    // Grace claims: her answer goes on to the payment page, within the offer's hold.
    const claim = await rsvp(t, grace.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
    expect(claim.body.data.next).toBe('payment');
    const offer = await entryOf(grace.id);
    const [pending] = await sql<{ hold_expires_at: Date }>('select hold_expires_at from rsvps where id = ?', [
      offer.rsvp_id,
    ]);
    expect(new Date(pending.hold_expires_at).getTime()).toBe(offer.offer_expires_at.getTime());
    const created = await request(t.http).post(`/api/rsvp/${offer.rsvp_id}/payment`).send({ amount: 200 }).expect(200);
    const clientSecret = created.body.data.clientSecret as string;
    const intentId = clientSecret.split('_secret_')[0];
    await request(t.http)
      .post(`/api/test-payments/intents/${intentId}/confirm`)
      .send({ clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })
      .expect(200);
    await settle();
    expect(await turn(grace.invitationCode)).toMatchObject({ status: 'claimed' });
    await expireNow(offer.id);
    expect(await turn(grace.invitationCode)).toMatchObject({ status: 'claimed' });
    expect(offersTo('cary@example.com')).toHaveLength(0);

    // An administrator refunds Grace: her seats go back, to Cary.
    await admin(t).post(`/payments/${created.body.data.payment.id}/refund`).expect(202);
    await settle();
    expect(offersTo('cary@example.com')).toHaveLength(1);
    expect(await turn(cary.invitationCode)).toMatchObject({ status: 'offered' });
    expect(await seatsHeld(event.id)).toBe(2);
  });

  it('a larger capacity offers the new seats to the guests in line, in order, as far as they go', async () => {
    const event = await createEvent(t, { capacity: 1 });
    const host = await guest(event.id, 'host@example.com', 1);
    await rsvp(t, host.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    const grace = await guest(event.id, 'grace@example.com');
    const cary = await guest(event.id, 'cary@example.com');
    await join(grace.invitationCode, { guestCount: 2 }).expect(200);
    await join(cary.invitationCode, { guestCount: 1 }).expect(200);

    // Another name for the event changes no seat: nobody is offered anything.
    await admin(t)
      .patch(`/events/${event.id}`, { ...eventFields, capacity: 1, name: 'The Riviera Soirée' })
      .expect(200);
    await settle();
    expect(offersTo('grace@example.com')).toHaveLength(0);

    // Two more seats: Grace's party of two fits and is offered them; Cary, behind her, waits.
    await admin(t)
      .patch(`/events/${event.id}`, { ...eventFields, capacity: 3 })
      .expect(200);
    await settle();
    expect(await turn(grace.invitationCode)).toMatchObject({ status: 'offered' });
    expect(offersTo('grace@example.com')).toHaveLength(1);
    expect(await turn(cary.invitationCode)).toMatchObject({ status: 'waiting', position: 1 });
    expect(offersTo('cary@example.com')).toHaveLength(0);
    expect(await seatsHeld(event.id)).toBe(3);

    // One more: now Cary's turn comes.
    await admin(t)
      .patch(`/events/${event.id}`, { ...eventFields, capacity: 4 })
      .expect(200);
    await settle();
    expect(await turn(cary.invitationCode)).toMatchObject({ status: 'offered' });
    expect(offersTo('cary@example.com')).toHaveLength(1);
    expect(await seatsHeld(event.id)).toBe(4);
  });

  it('answers bad input and unknown codes readably', async () => {
    const event = await createEvent(t, { capacity: 1 });
    const host = await guest(event.id, 'host@example.com', 1);
    await rsvp(t, host.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    const grace = await guest(event.id, 'grace@example.com', 2);
    expect((await join(grace.invitationCode, { guestCount: 0 }).expect(400)).body.error).toBe(
      'Guest count must be at least 1',
    );
    expect((await join(grace.invitationCode, { guestCount: 3 }).expect(400)).body.error).toBe(
      'Guest count must be between 1 and 2',
    );
    expect((await join(grace.invitationCode, { guestCount: 'two' }).expect(400)).body.success).toBe(false);
    await join('no-such-code', { guestCount: 1 }).expect(404);
    await request(t.http).get('/api/invitations/no-such-code/waiting-list').expect(404);
    await admin(t).get('/events/999999/waiting-list').expect(404);
    await request(t.http).get(`/api/admin/events/${event.id}/waiting-list`).expect(401);
    const badWindow = await admin(t).post('/events', { ...eventFields, offerWindowHours: 0 });
    expect(badWindow.status).toBe(400);
    expect(badWindow.body.error).toBe('Offer window must be at least 1 hour');
    // No window given (null, as a cleared field sends it): the event keeps its own (a fuzzer's find: was a 500).
    await admin(t)
      .patch(`/events/${event.id}`, { ...eventFields, capacity: 1, offerWindowHours: 6 })
      .expect(200);
    const kept = await admin(t).patch(`/events/${event.id}`, { ...eventFields, capacity: 1, offerWindowHours: null });
    expect(kept.status).toBe(200);
    expect(kept.body.data.offerWindowHours).toBe(6);
    const fresh = await admin(t)
      .post('/events', { ...eventFields, offerWindowHours: null })
      .expect(201);
    expect(fresh.body.data.offerWindowHours).toBe(24);
  });
});
