import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';
import { admin, adminEnv, createEvent, createInvitation, resetWithAdmin } from './support/launch-party-fixtures';

/** Sign-ups written straight into the table, as thousands of landing-page visitors would have. */
async function seedWaitlist(
  t: TestApp,
  count: number,
  fields: { source: string; campaign: string | null; prefix: string; day: string },
) {
  await t.orm.em.getConnection().execute(
    `insert into waitlist_entries (id, email, full_name, consent, source, utm_campaign, created_at)
     select gen_random_uuid(), ? || n || '@example.com', 'Guest ' || n, true, ?, ?,
            (?::date)::timestamp at time zone 'UTC' + make_interval(secs => n)
       from generate_series(1, ?) as n`,
    [fields.prefix, fields.source, fields.campaign, fields.day, count],
  );
}

const count = async (t: TestApp, sql: string, params: unknown[] = []) =>
  Number((await t.orm.em.getConnection().execute<Array<{ n: number }>>(sql, params))[0].n);

describe('Inviting from the waitlist', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...adminEnv } });
  });
  beforeEach(() => resetWithAdmin(t));
  afterAll(() => t.close());

  it('invites 2,000 rows matching a filter with exactly 2,000 invitations and queued emails; a second run creates none', async () => {
    const event = await createEvent(t);
    await seedWaitlist(t, 2000, { source: 'landing', campaign: 'riviera', prefix: 'riviera', day: '2026-10-01' });
    // Rows the filter leaves out: another campaign, and the same campaign outside the dates.
    await seedWaitlist(t, 300, { source: 'landing', campaign: 'alps', prefix: 'alps', day: '2026-10-01' });
    await seedWaitlist(t, 50, { source: 'landing', campaign: 'riviera', prefix: 'late', day: '2026-11-20' });
    const body = {
      eventId: event.id,
      maxGuests: 2,
      note: 'Valet at the north entrance',
      allMatching: true,
      source: 'landing',
      utmCampaign: 'riviera',
      signedUpFrom: '2026-10-01',
      signedUpTo: '2026-10-31',
    };

    const first = await admin(t).post('/invitations/from-waitlist', body).expect(201);
    expect(first.body.data).toMatchObject({ matched: 2000, created: 2000, existing: 0, existingEmails: [] });
    expect(first.body.data.batch).toMatchObject({ total: 2000, eventId: event.id });
    expect(await count(t, 'select count(*)::int as n from invitations where event_id = ?', [event.id])).toBe(2000);
    expect(
      await count(
        t,
        `select count(*)::int as n from invitations where event_id = ? and recipient_email like 'riviera%'
            and max_guests = 2 and special_notes = 'Valet at the north entrance' and status = 'pending'`,
        [event.id],
      ),
    ).toBe(2000);
    expect(
      await count(
        t,
        `select count(*)::int as n from email_deliveries where kind = 'invitation.send' and status = 'queued'`,
      ),
    ).toBe(2000);
    expect(await count(t, `select count(*)::int as n from outbox_messages where job_name = 'invitation.send'`)).toBe(
      2000,
    );
    // The page names each by their waitlist name.
    const page = await admin(t).get(`/events/${event.id}/invitations?pageSize=1`).expect(200);
    expect(page.body.data[0].recipientName).toMatch(/^Guest \d+$/);
    expect(page.body.data[0].deliveryStatus).toBe('queued');

    const second = await admin(t).post('/invitations/from-waitlist', body).expect(201);
    expect(second.body.data).toMatchObject({ matched: 2000, created: 0, existing: 2000, batch: null });
    expect(second.body.data.existingEmails).toHaveLength(20);
    expect(await count(t, 'select count(*)::int as n from invitations where event_id = ?', [event.id])).toBe(2000);
    expect(await count(t, `select count(*)::int as n from outbox_messages where job_name = 'invitation.send'`)).toBe(
      2000,
    );
  });

  it('invites chosen rows, and reports an email already invited by hand instead of inviting it twice', async () => {
    const event = await createEvent(t);
    await seedWaitlist(t, 5, { source: 'concierge', campaign: null, prefix: 'chosen', day: '2026-10-02' });
    await createInvitation(t, event.id, { recipientEmail: 'CHOSEN1@example.com', recipientName: 'By Hand' });
    const ids = (
      await t.orm.em
        .getConnection()
        .execute<Array<{ id: string }>>(
          `select id from waitlist_entries where email in ('chosen1@example.com', 'chosen2@example.com', 'chosen3@example.com')`,
        )
    ).map((r) => r.id);
    const response = await admin(t)
      .post('/invitations/from-waitlist', { eventId: event.id, ids, maxGuests: 1 })
      .expect(201);
    expect(response.body.data).toMatchObject({
      matched: 3,
      created: 2,
      existing: 1,
      existingEmails: ['chosen1@example.com'],
    });
    expect(response.body.data.batch.total).toBe(2);
    // The form refuses a duplicate too, backed by the same unique index.
    const duplicate = await admin(t)
      .post('/invitations', { eventId: event.id, recipientName: 'Again', recipientEmail: 'chosen2@example.com' })
      .expect(409);
    expect(duplicate.body.error).toBe('chosen2@example.com already has an invitation to this event');
  });

  it('lists the waitlist narrowed by source, campaign and sign-up dates, with the choices the filter offers', async () => {
    await seedWaitlist(t, 3, { source: 'landing', campaign: 'riviera', prefix: 'a', day: '2026-10-01' });
    await seedWaitlist(t, 2, { source: 'concierge', campaign: 'alps', prefix: 'b', day: '2026-10-05' });
    const list = await admin(t)
      .get('/waitlist?source=concierge&signedUpFrom=2026-10-05&signedUpTo=2026-10-05')
      .expect(200);
    expect(list.body.total).toBe(2);
    expect(list.body.data.map((e: { email: string }) => e.email).sort()).toEqual(['b1@example.com', 'b2@example.com']);
    expect((await admin(t).get('/waitlist?utmCampaign=riviera&q=a2').expect(200)).body.total).toBe(1);
    const choices = await admin(t).get('/waitlist/filters').expect(200);
    expect(choices.body.data).toEqual({
      sources: ['landing', 'concierge'],
      utmCampaigns: ['riviera', 'alps'],
      nominators: [],
    });
  });

  it('refuses a selection that is missing, empty or malformed with a readable 400', async () => {
    const event = await createEvent(t);
    const none = await admin(t).post('/invitations/from-waitlist', { eventId: event.id }).expect(400);
    expect(none.body.error).toBe('Choose the waitlist entries to invite, or every entry matching the filter');
    const empty = await admin(t)
      .post('/invitations/from-waitlist', { eventId: event.id, allMatching: true, source: 'nowhere' })
      .expect(400);
    expect(empty.body.error).toBe('No waitlist entries match this selection');
    const bad = await admin(t)
      .post('/invitations/from-waitlist', { eventId: event.id, ids: ['not-an-id'] })
      .expect(400);
    expect(bad.body.error).toBe('Choose waitlist entries from the list');
    const date = await admin(t)
      .post('/invitations/from-waitlist', { eventId: event.id, allMatching: true, signedUpFrom: '2026-13-01' })
      .expect(400);
    expect(date.body.error).toBe('Signed up from must be a valid date (YYYY-MM-DD)');
    await admin(t).post('/invitations/from-waitlist', { eventId: 999999, allMatching: true }).expect(400);
  });
});

describe('Invitation delivery status through the worker', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ worker: true, env: { ...adminEnv, SMTP_URL: smtp.url } });
  });
  beforeEach(async () => {
    await resetWithAdmin(t);
    smtp.received.length = 0;
    smtp.rejectRecipients([]);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('marks a hard bounce (550 at RCPT TO) failed at once, without retries; the batch completes; it can be sent again', async () => {
    const event = await createEvent(t);
    await seedWaitlist(t, 4, { source: 'landing', campaign: null, prefix: 'door', day: '2026-10-03' });
    smtp.rejectRecipients(['door3@example.com']);
    const response = await admin(t)
      .post('/invitations/from-waitlist', { eventId: event.id, allMatching: true, q: 'door' })
      .expect(201);
    const batchId = response.body.data.batch.id as string;
    await t.drain();

    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
      'door1@example.com',
      'door2@example.com',
      'door4@example.com',
    ]);
    const progress = await admin(t).get(`/invitation-batches/${batchId}`).expect(200);
    expect(progress.body.data).toMatchObject({ total: 4, sent: 3, failed: 1, bounced: 1, queued: 0, done: true });

    const rows = (await admin(t).get(`/events/${event.id}/invitations`).expect(200)).body.data as Array<{
      id: number;
      recipientEmail: string;
      deliveryStatus: string;
      lastError: string | null;
      status: string;
    }>;
    const bounced = rows.find((r) => r.recipientEmail === 'door3@example.com')!;
    expect(bounced).toMatchObject({ deliveryStatus: 'bounced', status: 'pending' });
    expect(bounced.lastError).toMatch(/550.*no such mailbox/);
    const [delivery] = await t.orm.em
      .getConnection()
      .execute<Array<{ status: string; attempts: number; bounced: boolean; gave_up_at: Date | null }>>(
        `select status, attempts, bounced, gave_up_at from email_deliveries where key = ?`,
        [`invitation.send:${bounced.id}`],
      );
    // One try only, although the queue allows several: a 5xx is not retried.
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, bounced: true });
    expect(delivery.gave_up_at).not.toBeNull();
    const failedJobs = await t.queue('email').getFailed();
    const job = failedJobs.find((j) => j.data.invitationId === bounced.id)!;
    expect(job.attemptsMade).toBe(1);
    expect(rows.filter((r) => r.deliveryStatus === 'sent')).toHaveLength(3);

    // The mailbox exists now: sending again delivers it.
    smtp.rejectRecipients([]);
    await admin(t).post(`/invitations/${bounced.id}/send`).expect(201);
    await t.drain();
    const again = (await admin(t).get(`/events/${event.id}/invitations`).expect(200)).body.data.find(
      (r: { id: number }) => r.id === bounced.id,
    );
    expect(again).toMatchObject({ deliveryStatus: 'sent', status: 'sent', lastError: null });
  });
});
