import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import request from 'supertest';
import { MemberSessionsService } from '../src/modules/members';
import { RequestsService } from '../src/modules/requests';
import { asStaff } from './support/admin';
import { eventually } from './support/eventually';
import { readable } from './support/launch-party-fixtures';
import { listen, open, type LiveStream } from './support/live-stream';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

const PASSWORD = 'house-password-for-notices';
const YACHT = 'I would like to charter a yacht in Monaco next weekend for eight guests';
const APP_URL = 'http://localhost:3000';

/**
 * Issue 30, section 4: a member away from the concierge is emailed what staff did on a request, at
 * most one email per request per interval, holding everything new, with a link to the conversation;
 * a member with the concierge open gets no email but sees unread marks, cleared by opening. The
 * email is a delayed job: the test moves it on itself (job.promote()) instead of waiting.
 */
describe('a member is told when the concierge answers (issue 30, section 4)', () => {
  let t: TestApp;
  let base: string;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let sophie: string;
  const streams: LiveStream[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      worker: true,
      env: { CONCIERGE_PASSWORD: PASSWORD, SMTP_URL: smtp.url, APP_URL, MEMBER_NOTICE_INTERVAL_MINUTES: '15' },
    });
    base = await listen(t);
  });
  beforeEach(async () => {
    await t.reset();
    smtp.received.length = 0;
    sophie = await asStaff(t, {
      username: 'sophie',
      password: 'sophie-password-123',
      role: 'concierge',
      displayName: 'Sophie',
    });
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const sql = <T extends object>(query: string, params: unknown[] = []) =>
    t.orm.em.getConnection().execute<T[]>(query, params);

  /** An active member signed in on one device, with a thread holding one request. */
  async function member(name = 'Grace Kelly') {
    const id = randomUUID();
    const email = `${id}@example.com`;
    await sql(
      `insert into members (id, name, email, tier, status, joined_at) values (?, ?, ?, 'patron', 'active', now())`,
      [id, name, email],
    );
    const session = await t.app.get(MemberSessionsService).issue(t.orm.em.fork(), id, 'Mozilla/5.0 Chrome/131');
    const cookie = `mf_member=${session.token}`;
    const threadId = randomUUID();
    await request(t.http).post('/api/concierge/threads').set('Cookie', cookie).send({ id: threadId }).expect(201);
    const requestId = (await t.app.get(RequestsService).recordFromChat(`member:${id}`, YACHT, threadId)) as string;
    expect(requestId).toEqual(expect.any(String));
    return { id, email, cookie, threadId, requestId };
  }

  const desk = {
    reply: (id: string, content: string) =>
      request(t.http)
        .post(`/api/admin/user-requests/${id}/replies`)
        .set('Authorization', sophie)
        .send({ content })
        .expect(201),
    status: (id: string, status: string, note?: string) =>
      request(t.http)
        .patch(`/api/admin/user-requests/${id}`)
        .set('Authorization', sophie)
        .send({ status, note })
        .expect(200),
    options: (id: string, options: Array<{ title: string; price: number; currency: string }>) =>
      request(t.http)
        .post(`/api/admin/user-requests/${id}/options`)
        .set('Authorization', sophie)
        .send({ options })
        .expect(200),
  };

  /** The member's emails planned so far (delayed jobs). */
  async function planned(): Promise<Job[]> {
    await t.drain();
    return (await t.queue('email').getDelayed()).filter((job) => job.name === 'member-notice.send');
  }

  async function runPlanned(): Promise<number> {
    const jobs = await planned();
    for (const job of jobs) {
      await job.promote();
      await t.drain();
    }
    return jobs.length;
  }

  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => readable(m.raw));

  async function unread(cookie: string) {
    const threads = await request(t.http).get('/api/concierge/threads').set('Cookie', cookie).expect(200);
    const requests = await request(t.http).get('/api/concierge/requests').set('Cookie', cookie).expect(200);
    const marked = (rows: Array<{ id: string; unread: boolean }>) => rows.filter((r) => r.unread).map((r) => r.id);
    return { threads: marked(threads.body.data), requests: marked(requests.body.data) };
  }

  /** A concierge page open (its live updates), and in view unless `inView` is false. */
  async function connect(cookie: string, { inView = true } = {}): Promise<LiveStream> {
    const stream = await open(base, '/api/concierge/events', cookie);
    streams.push(stream);
    await stream.until((f) => f.event === 'ready');
    if (inView) {
      await request(t.http).post('/api/members/me/presence').set('Cookie', cookie).expect(200, { success: true });
    }
    return stream;
  }

  it('batches what staff did for an absent member into one email with a link to the conversation; later news waits for the interval', async () => {
    const grace = await member();
    await desk.status(grace.requestId, 'in_progress', 'Looking at three yachts in Port Hercule.');
    await desk.reply(grace.requestId, 'Would you prefer a **sailing** yacht or a motor yacht?');
    await desk.options(grace.requestId, [
      { title: 'Riva Aquariva, full day', price: 48000, currency: 'EUR' },
      { title: 'Sunseeker 76, full day', price: 52000, currency: 'EUR' },
    ]);

    // One email planned for the three, a minute ahead (a reply and its options make one email).
    const jobs = await planned();
    expect(jobs).toHaveLength(1);
    expect(jobs[0].opts.delay).toBeGreaterThanOrEqual(55_000);
    expect(mailsTo(grace.email)).toHaveLength(0);

    expect(await runPlanned()).toBe(1);
    await eventually(() => expect(mailsTo(grace.email)).toHaveLength(1));
    const [mail] = mailsTo(grace.email);
    expect(mail).toContain('Dear Grace,');
    expect(mail).toContain('Sophie has news about your');
    expect(mail).toContain('Looking at three yachts in Port Hercule.');
    expect(mail).toContain('Would you prefer a sailing yacht or a motor yacht?');
    expect(mail).not.toContain('**');
    expect(mail).toContain('Riva Aquariva, full day');
    expect(mail).toContain('Sunseeker 76, full day');
    const link = `${APP_URL}/concierge?thread=${grace.threadId}`;
    expect(mail).toContain(link);

    // The link opens the conversation: the member's thread, with what Sophie wrote.
    const opened = await request(t.http)
      .get(`/api/concierge/threads/${new URL(link).searchParams.get('thread')}`)
      .set('Cookie', grace.cookie)
      .expect(200);
    expect(opened.body.data.messages.map((m: { content: string }) => m.content)).toContain(
      'Would you prefer a **sailing** yacht or a motor yacht?',
    );

    // The same job again sends nothing more.
    await t.queue('email').add('member-notice.send', jobs[0].data, { jobId: `again-${jobs[0].id}` });
    await t.drain();
    expect(mailsTo(grace.email)).toHaveLength(1);

    // A reply soon after the email waits for the interval, then comes alone.
    await desk.reply(grace.requestId, 'The Riva can board at 10:00 from Quai des États-Unis.');
    const later = await planned();
    expect(later).toHaveLength(1);
    expect(later[0].opts.delay).toBeGreaterThan(14 * 60_000);
    await desk.reply(grace.requestId, 'Lunch on board is included.');
    expect(await planned()).toHaveLength(1);
    expect(await runPlanned()).toBe(1);
    await eventually(() => expect(mailsTo(grace.email)).toHaveLength(2));
    const second = mailsTo(grace.email)[1];
    expect(second).toContain('Quai des États-Unis');
    expect(second).toContain('Lunch on board is included.');
    expect(second).not.toContain('Port Hercule');
  });

  it('sends a member with the concierge open no email, and none for news read before its email ran', async () => {
    const grace = await member();
    const live = await connect(grace.cookie);
    await desk.reply(grace.requestId, 'Would you prefer a sailing yacht or a motor yacht?');
    await live.until((f) => f.event === 'thread.changed' && f.data.threadId === grace.threadId);
    expect(await planned()).toHaveLength(0);
    // What is new is marked, though: the member may be reading another conversation.
    expect(await unread(grace.cookie)).toEqual({ threads: [grace.threadId], requests: [grace.requestId] });
    live.close();

    // Away: the news is planned for an email; the member opens the thread (on another device) before it runs.
    await eventually(async () => {
      await desk.reply(grace.requestId, `A question ${randomUUID()}`);
      expect(await planned()).toHaveLength(1);
    });
    await request(t.http)
      .post('/api/members/me/read')
      .set('Cookie', grace.cookie)
      .send({ threadId: grace.threadId })
      .expect(200, { success: true });
    expect(await runPlanned()).toBe(1);
    expect(mailsTo(grace.email)).toHaveLength(0);

    // Present when the round runs: nothing either.
    await desk.reply(grace.requestId, 'The Riva is free on Saturday.');
    expect(await planned()).toHaveLength(1);
    const reading = await connect(grace.cookie);
    expect(await runPlanned()).toBe(1);
    expect(mailsTo(grace.email)).toHaveLength(0);
    reading.close();
  });

  it('emails a member whose concierge page is open but out of view (a tab behind others, a phone in a pocket)', async () => {
    const grace = await member();
    await connect(grace.cookie, { inView: false });
    await desk.reply(grace.requestId, 'Would you prefer a sailing yacht or a motor yacht?');
    expect(await runPlanned()).toBe(1);
    await eventually(() => expect(mailsTo(grace.email)).toHaveLength(1));
    expect(mailsTo(grace.email)[0]).toContain('Would you prefer a sailing yacht or a motor yacht?');
    const house = await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(200);
    await request(t.http)
      .post('/api/members/me/presence')
      .set(
        'Cookie',
        ([] as string[]).concat(house.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]),
      )
      .expect(403)
      .expect((r) => expect(r.body.code).toBe('MEMBERS_ONLY'));
  });

  it('tells nothing of a request whose conversation the member deleted', async () => {
    const grace = await member();
    await request(t.http).delete(`/api/concierge/threads/${grace.threadId}`).set('Cookie', grace.cookie).expect(200);
    await desk.status(grace.requestId, 'in_progress', 'Looking at three yachts in Port Hercule.');
    await desk.options(grace.requestId, [{ title: 'Riva Aquariva', price: 48000, currency: 'EUR' }]);
    expect(await planned()).toHaveLength(0);
    expect(await unread(grace.cookie)).toEqual({ threads: [], requests: [] });
  });

  it('marks news unread until the member opens the conversation or the request; a house-password session has no marks', async () => {
    const grace = await member();
    const other = await member('Cary Grant');
    expect(await unread(grace.cookie)).toEqual({ threads: [], requests: [] });

    await desk.status(grace.requestId, 'in_progress');
    expect(await unread(grace.cookie)).toEqual({ threads: [grace.threadId], requests: [grace.requestId] });
    expect(await unread(other.cookie)).toEqual({ threads: [], requests: [] });

    // Opening the request reads it; the conversation stays unread until it is opened.
    await request(t.http)
      .post('/api/members/me/read')
      .set('Cookie', grace.cookie)
      .send({ requestId: grace.requestId })
      .expect(200);
    expect(await unread(grace.cookie)).toEqual({ threads: [grace.threadId], requests: [] });
    // Another member's ids change nothing of hers.
    await request(t.http)
      .post('/api/members/me/read')
      .set('Cookie', other.cookie)
      .send({ threadId: grace.threadId })
      .expect(200);
    expect(await unread(grace.cookie)).toEqual({ threads: [grace.threadId], requests: [] });

    // New options mark both again; opening the conversation reads both.
    await desk.options(grace.requestId, [{ title: 'Riva Aquariva', price: 48000, currency: 'EUR' }]);
    expect(await unread(grace.cookie)).toEqual({ threads: [grace.threadId], requests: [grace.requestId] });
    await request(t.http)
      .post('/api/members/me/read')
      .set('Cookie', grace.cookie)
      .send({ threadId: grace.threadId })
      .expect(200);
    expect(await unread(grace.cookie)).toEqual({ threads: [], requests: [] });

    // Bad input and other sessions.
    const bad = await request(t.http).post('/api/members/me/read').set('Cookie', grace.cookie).send({}).expect(400);
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    await request(t.http)
      .post('/api/members/me/read')
      .send({ threadId: grace.threadId })
      .expect(401)
      .expect((r) => expect(r.body.code).toBe('MEMBER_SIGNED_OUT'));
    const auth = await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(200);
    const house = ([] as string[])
      .concat(auth.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('mf_concierge='))!
      .split(';')[0];
    await request(t.http)
      .post('/api/members/me/read')
      .set('Cookie', house)
      .send({ threadId: grace.threadId })
      .expect(403)
      .expect((r) => expect(r.body.code).toBe('MEMBERS_ONLY'));
    const houseThread = randomUUID();
    await request(t.http).post('/api/concierge/threads').set('Cookie', house).send({ id: houseThread }).expect(201);
    const houseList = await request(t.http).get('/api/concierge/threads').set('Cookie', house).expect(200);
    expect(houseList.body.data).toEqual([expect.not.objectContaining({ unread: expect.anything() })]);
  });
});
