import request from 'supertest';
import { OUTCOME_UNKNOWN } from '../src/platform/mail/email-delivery.service';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';
import { killWorkerProcess, startWorkerProcess } from './support/worker-child';
import {
  admin,
  adminEnv,
  calendarOf,
  createEvent,
  createInvitation,
  readable,
  resetWithAdmin,
} from './support/launch-party-fixtures';
import { eventually } from './support/eventually';

describe('Invitation emails through the email worker', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      worker: true,
      env: { ...adminEnv, SMTP_URL: smtp.url, APP_URL: 'https://club.example.com' },
    });
  });
  beforeEach(async () => {
    await resetWithAdmin(t);
    smtp.received.length = 0;
    smtp.failNext(0);
  });
  afterEach(() => smtp.release());
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const invitationRow = async (id: number) => {
    const list = await admin(t).get('/invitations').expect(200);
    return list.body.data.find((row: { id: number }) => row.id === id);
  };

  it('sends the invitation in the house style with the personal link and an .ics, then marks it sent', async () => {
    const event = await createEvent(t, { ticketPrice: 250, currency: 'EUR' });
    const invitation = await createInvitation(t, event.id, { specialNotes: 'Valet at the north entrance' });
    const response = await admin(t).post(`/invitations/${invitation.id}/send`).expect(201);
    expect(response.body.data).toMatchObject({ id: invitation.id, recipientName: 'Grace Kelly' });
    await t.drain();

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    const body = readable(mail.raw);
    expect(mail.to).toEqual(['grace@example.com']);
    expect(body).toMatch(/Subject: =\?UTF-8\?Q\?You_are_invited:_The_Riviera_Launch/);
    expect(body).toContain('Dear Grace Kelly,');
    expect(body).toContain(`https://club.example.com/invitation/${invitation.invitationCode}`);
    expect(body).toContain('Saturday, December 12, 2037');
    expect(body).toContain('19:00 – 23:00');
    expect(body).toContain('Place du Casino, Monte-Carlo, Monaco 98000, Monaco');
    expect(body).toContain('Black tie');
    expect(body).toContain('EUR 250.00');
    expect(body).toContain('Valet at the north entrance');
    expect(body).toMatch(/Content-Type: text\/html/i);
    expect(body).toMatch(/Content-Type: text\/plain/i);
    expect(body).toMatch(
      /Content-Type: text\/calendar; charset=utf-8; method=PUBLISH;\s+name=the-riviera-launch\.ics/i,
    );
    expect(body).toMatch(/Content-Disposition: attachment;\s+filename=the-riviera-launch\.ics/i);
    const ics = calendarOf(mail.raw);
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART:20371212T190000');
    expect(ics).toContain('DTEND:20371212T230000');
    expect(ics).toContain('SUMMARY:The Riviera Launch');
    expect(ics).toContain(`URL:https://club.example.com/invitation/${invitation.invitationCode}`);

    const row = await invitationRow(invitation.id);
    expect(row).toMatchObject({ status: 'sent', deliveryStatus: 'sent', lastError: null });
    expect(new Date(row.sentAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('survives an SMTP outage that recovers: exactly one email', async () => {
    const event = await createEvent(t);
    const invitation = await createInvitation(t, event.id);
    smtp.failNext(2);
    await admin(t).post(`/invitations/${invitation.id}/send`).expect(201);
    await t.drain();
    expect(smtp.received).toHaveLength(1);
    expect(await invitationRow(invitation.id)).toMatchObject({ status: 'sent', deliveryStatus: 'sent' });
  });

  it('sends one email when the same job is added twice', async () => {
    const event = await createEvent(t);
    const invitation = await createInvitation(t, event.id);
    await admin(t).post(`/invitations/${invitation.id}/send`).expect(201);
    await Promise.all([
      t.queue('email').add('invitation.send', { invitationId: invitation.id }, { jobId: 'duplicate-1' }),
      t.queue('email').add('invitation.send', { invitationId: invitation.id }, { jobId: 'duplicate-2' }),
    ]);
    await t.drain();
    await t.queue('email').add('invitation.send', { invitationId: invitation.id }, { jobId: 'duplicate-3' });
    await t.drain();
    expect(smtp.received).toHaveLength(1);
    expect((await invitationRow(invitation.id)).status).toBe('sent');
  });

  it('keeps the invitation pending until the server accepts it, shows the failure after the last try, and can send again', async () => {
    const event = await createEvent(t);
    const invitation = await createInvitation(t, event.id);
    smtp.failNext(1000);
    await admin(t).post(`/invitations/${invitation.id}/send`).expect(201);
    await t.drain();
    expect(smtp.received).toHaveLength(0);
    const failed = await invitationRow(invitation.id);
    expect(failed).toMatchObject({ status: 'pending', sentAt: null, deliveryStatus: 'failed' });
    expect(failed.lastError).toMatch(/Temporary outage/);

    smtp.failNext(0);
    await admin(t).post(`/invitations/${invitation.id}/send`).expect(201);
    await t.drain();
    expect(smtp.received).toHaveLength(1);
    expect(await invitationRow(invitation.id)).toMatchObject({
      status: 'sent',
      deliveryStatus: 'sent',
      lastError: null,
    });
  });

  it('keeps the invitation pending and sending while the mail server has not accepted it yet', async () => {
    const event = await createEvent(t);
    const invitation = await createInvitation(t, event.id);
    smtp.holdNext(1);
    await admin(t).post(`/invitations/${invitation.id}/send`).expect(201);
    await smtp.waitForHeld(1);
    // The message is with the server, which has not said yes yet.
    expect(await invitationRow(invitation.id)).toMatchObject({
      status: 'pending',
      sentAt: null,
      deliveryStatus: 'sending',
    });
    await admin(t)
      .post(`/invitations/${invitation.id}/send`)
      .expect(409, { success: false, error: 'This invitation is already being sent', code: 'CONFLICT' });
    expect(smtp.received).toHaveLength(0);

    smtp.release();
    await t.drain();
    expect(smtp.received).toHaveLength(1);
    expect(await invitationRow(invitation.id)).toMatchObject({ status: 'sent', deliveryStatus: 'sent' });
  });

  it('sends only pending invitations', async () => {
    const event = await createEvent(t);
    const invitation = await createInvitation(t, event.id);
    await admin(t).post(`/invitations/${invitation.id}/send`).expect(201);
    await t.drain();
    const again = await admin(t).post(`/invitations/${invitation.id}/send`).expect(409);
    expect(again.body.error).toBe('Only pending invitations can be sent');
    await admin(t).post('/invitations/999/send').expect(404);
    expect(smtp.received).toHaveLength(1);
  });

  it('sends all pending invitations of an event and reports the progress of the batch', async () => {
    const event = await createEvent(t);
    const other = await createEvent(t, { name: 'Winter Gala' });
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push((await createInvitation(t, event.id, { recipientEmail: `guest${i}@example.com` })).id);
    }
    await createInvitation(t, other.id, { recipientEmail: 'elsewhere@example.com' });
    await admin(t).post(`/invitations/${ids[0]}/send`).expect(201);
    await t.drain();

    const started = await admin(t).post(`/events/${event.id}/invitations/send-pending`).expect(201);
    expect(started.body.data).toMatchObject({ eventId: event.id, total: 4 });
    await t.drain();
    const progress = await admin(t).get(`/invitation-batches/${started.body.data.id}`).expect(200);
    expect(progress.body.data).toEqual({
      id: started.body.data.id,
      eventId: event.id,
      total: 4,
      queued: 0,
      sent: 4,
      failed: 0,
      bounced: 0,
      unknown: 0,
      done: true,
    });
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(ids.map((_, i) => `guest${i}@example.com`).sort());

    const nothing = await admin(t).post(`/events/${event.id}/invitations/send-pending`).expect(409);
    expect(nothing.body.error).toBe('There are no pending invitations to send for this event');
    await admin(t).get('/invitation-batches/not-a-batch').expect(404);
    await request(t.http).get(`/api/admin/invitation-batches/${started.body.data.id}`).expect(401);
  });
});

describe('Invitation emails when the worker dies mid-send', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  /**
   * The worker processes hold a job's lock 2 s and an email's claim 8 s (30 s each by default), so
   * a dead worker's job and claim run out within this test's patience: the same path, sooner.
   */
  const workerEnv = () => ({ SMTP_URL: smtp.url, QUEUE_LOCK_SECONDS: '2', EMAIL_SEND_LEASE_SECONDS: '8' });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    // No worker in this process: the jobs run in worker processes this test starts and kills.
    t = await createTestApp({ env: { ...adminEnv, SMTP_URL: smtp.url } });
  });
  beforeEach(async () => {
    await resetWithAdmin(t);
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const invitationRow = async (id: number) => {
    const list = await admin(t).get('/invitations').expect(200);
    return list.body.data.find((row: { id: number }) => row.id === id);
  };

  it('shows a send whose worker was killed mid-send as outcome unknown, never sends it again by itself, and sends it once when the admin asks', async () => {
    const event = await createEvent(t);
    const invitation = await createInvitation(t, event.id);
    // The mail server takes the message and hangs; the worker is killed while it waits. Whether
    // a real server had accepted it by then, nobody can know.
    smtp.holdNext(1);
    const doomed = await startWorkerProcess(workerEnv());
    try {
      await admin(t).post(`/invitations/${invitation.id}/send`).expect(201);
      await smtp.waitForHeld(1);
      expect(await invitationRow(invitation.id)).toMatchObject({ status: 'pending', deliveryStatus: 'sending' });
    } finally {
      await killWorkerProcess(doomed);
    }
    expect(smtp.received).toHaveLength(0);
    // Until its lease runs out, the dead worker's claim keeps others from sending a second copy.
    await admin(t)
      .post(`/invitations/${invitation.id}/send`)
      .expect(409, { success: false, error: 'This invitation is already being sent', code: 'CONFLICT' });

    // A new worker takes the stalled job up again once the dead one's lock and lease have run
    // out, and leaves the email alone: it may have been delivered.
    const rescuer = await startWorkerProcess(workerEnv());
    try {
      await t.drain(60_000);
      expect(smtp.received).toHaveLength(0);
      expect(await invitationRow(invitation.id)).toMatchObject({
        status: 'pending',
        deliveryStatus: 'unknown',
        lastError: OUTCOME_UNKNOWN,
      });

      // The administrator, with that in front of them, sends it again: exactly one email.
      await admin(t).post(`/invitations/${invitation.id}/send`).expect(201);
      await t.drain(30_000);
    } finally {
      await killWorkerProcess(rescuer);
    }
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['grace@example.com']);
    expect(await invitationRow(invitation.id)).toMatchObject({
      status: 'sent',
      deliveryStatus: 'sent',
      lastError: null,
    });
  }, 180_000);

  it('shows a send interrupted for good as outcome unknown with its reason, and sends it again once asked', async () => {
    const event = await createEvent(t);
    const invitation = await createInvitation(t, event.id);
    await admin(t).post(`/invitations/${invitation.id}/send`).expect(201);
    await t.drainOutbox();
    // A worker claimed it and died, and its job will not come back (it stalled out): only the lease remains.
    await t.orm.em.getConnection().execute(
      `update email_deliveries set status = 'sending', attempts = 1, claimed_at = now() - interval '2 minutes',
                lease_expires_at = now() - interval '1 minute', claim_token = gen_random_uuid()`,
    );
    await t.queue('email').obliterate({ force: true });
    expect(await invitationRow(invitation.id)).toMatchObject({
      status: 'pending',
      deliveryStatus: 'unknown',
      lastError: OUTCOME_UNKNOWN,
    });

    await admin(t).post(`/invitations/${invitation.id}/send`).expect(201);
    const worker = await startWorkerProcess(workerEnv());
    try {
      await eventually(async () => expect((await invitationRow(invitation.id)).status).toBe('sent'), {
        timeoutMs: 30_000,
        everyMs: 250,
      });
    } finally {
      await killWorkerProcess(worker);
    }
    expect(smtp.received).toHaveLength(1);
  }, 120_000);
});
