import request from 'supertest';
import { asAdmin } from './support/admin';
import { eventually } from './support/eventually';
import { readable } from './support/launch-party-fixtures';
import { listen, open, type LiveStream } from './support/live-stream';
import { startOpenAiServer, type OpenAiServer } from './support/openai-server';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

const PASSWORD = 'members-only-password';
const YACHT = 'I would like to charter a yacht in Monaco next weekend for eight guests, budget 60,000 euros';
const uuid = () => crypto.randomUUID();

/** A member signed in on two devices (two sessions, two cookie jars). */
interface Member {
  id: string;
  email: string;
  laptop: string;
  phone: string;
}

describe('a member’s concierge on every device (issue 29, section 3)', () => {
  /** Two api processes on the same database and Redis: a session ended on one closes streams on the other. */
  let one: TestApp;
  let two: TestApp;
  let baseOne: string;
  let baseTwo: string;
  let ai: OpenAiServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const streams: LiveStream[] = [];

  beforeAll(async () => {
    ai = await startOpenAiServer();
    smtp = await startSmtpSink();
    const env = {
      CONCIERGE_PASSWORD: PASSWORD,
      OPENAI_API_KEY: 'sk-local-test',
      OPENAI_BASE_URL: ai.baseURL,
      OPENAI_MODEL: 'gpt-4o',
      SMTP_URL: smtp.url,
    };
    one = await createTestApp({ worker: true, env });
    two = await createTestApp({ env });
    baseOne = await listen(one);
    baseTwo = await listen(two);
  });
  beforeEach(async () => {
    await one.reset();
    smtp.received.length = 0;
    ai.answer(() => ({ kind: 'reply', tokens: ['Certainly.', ' It will be', ' arranged.'] }));
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await two.close();
    await one.close();
    await smtp.close();
    await ai.close();
  });

  function cookieOf(response: request.Response, name: string): string {
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const found = cookies.find((c) => c.startsWith(`${name}=`));
    if (!found) throw new Error(`No ${name} cookie in the answer`);
    return found.split(';')[0];
  }

  async function houseSession(): Promise<string> {
    const response = await request(one.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(200);
    return cookieOf(response, 'mf_concierge');
  }

  /** The text of the newest email to `to` whose body matches `pattern`, once the worker has sent it. */
  async function mailTo(to: string, pattern: RegExp): Promise<string> {
    return eventually(
      () => {
        const found = smtp.received
          .filter((m) => m.to.includes(to))
          .map((m) => readable(m.raw))
          .reverse()
          .find((text) => pattern.test(text));
        if (!found) throw new Error(`No email to ${to} matching ${pattern}`);
        return found;
      },
      { timeoutMs: 20_000 },
    );
  }

  /**
   * A person on the waitlist offered membership by an administrator, who accepts the offer on the
   * laptop (first session), then signs in on the phone with the emailed link (second session):
   * all through the members API, as a person would.
   */
  async function member(name: string, tier: 'nomad' | 'voyager' | 'patron' | 'black'): Promise<Member> {
    const admin = await asAdmin(one);
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
    await request(one.http).post('/api/waitlist').send({ email, fullName: name, consent: true }).expect(200);
    const rows = await request(one.http)
      .get('/api/admin/waitlist')
      .query({ q: email })
      .set('Authorization', admin)
      .expect(200);
    const entry = (rows.body.data as Array<{ id: string; email: string }>).find((r) => r.email === email)!;
    await request(one.http)
      .post('/api/admin/members/offers')
      .set('Authorization', admin)
      .send({ tier, entryIds: [entry.id] })
      .expect((r) => expect(r.body).toMatchObject({ offered: 1 }));
    const offer = await mailTo(email, /\/membership\/[\w-]+/);
    const offerToken = /\/membership\/([\w-]+)/.exec(offer)![1];
    const accepted = await request(one.http)
      .post(`/api/membership/offers/${offerToken}/accept`)
      .set('User-Agent', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15')
      .send({ name });
    expect(accepted.status).toBeLessThan(300);
    const laptop = cookieOf(accepted, 'mf_member');
    const id = accepted.body.member.id as string;

    smtp.received.length = 0;
    await request(one.http).post('/api/members/sign-in/email').send({ email }).expect(202);
    const signIn = await mailTo(email, /\/members\/sign-in\/[\w-]+/);
    const linkToken = /\/members\/sign-in\/([\w-]+)/.exec(signIn)![1];
    const signedIn = await request(one.http)
      .post(`/api/members/sign-in/link/${linkToken}`)
      .set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')
      .send({});
    expect(signedIn.status).toBeLessThan(300);
    const phone = cookieOf(signedIn, 'mf_member');
    expect(phone).not.toBe(laptop);
    return { id, email, laptop, phone };
  }

  async function follow(base: string, cookie: string): Promise<LiveStream> {
    const stream = await open(base, '/api/concierge/events', cookie);
    streams.push(stream);
    await stream.until((f) => f.event === 'ready');
    return stream;
  }

  /** Asks in a thread through the first process; answers the request's id once it is recorded (told live). */
  async function ask(cookie: string, live: LiveStream, threadId: string, text = YACHT): Promise<string> {
    const seen = live.frames.length;
    await request(one.http)
      .post('/api/chat/stream')
      .set('Cookie', cookie)
      .send({ threadId, userMessageId: uuid(), message: text })
      .expect(200);
    const frame = await live.until(
      (f) => live.frames.indexOf(f) >= seen && f.event === 'request.changed' && f.data.threadId === threadId,
    );
    return frame.data.requestId as string;
  }

  it('shows a member the same threads and requests on two devices, live on both; a house-password session sees none of them', async () => {
    const elena = await member('Elena Marchetti', 'voyager');
    const house = await houseSession();

    // Who is signed in: the member on each device; the house session names nobody.
    for (const cookie of [elena.laptop, elena.phone]) {
      const who = await request(one.http).get('/api/concierge/session').set('Cookie', cookie).expect(200);
      expect(who.body).toEqual({
        success: true,
        data: { authenticated: true, member: { name: 'Elena Marchetti', tier: 'voyager' } },
      });
      // The cookie follows the session, which slides as it is used: set again for its whole length.
      expect(cookieOf(who, 'mf_member')).toBe(cookie);
      const renewed = ([] as string[]).concat(who.headers['set-cookie'] ?? []).find((c) => c.startsWith('mf_member='))!;
      const expires = new Date(/Expires=([^;]+)/i.exec(renewed)![1]);
      expect(expires.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    }
    const houseAnswer = await request(one.http).get('/api/concierge/session').set('Cookie', house).expect(200);
    expect(houseAnswer.body).toEqual({ success: true, data: { authenticated: true } });
    expect(houseAnswer.headers['set-cookie']).toBeUndefined();
    expect((await request(one.http).get('/api/concierge/session').expect(200)).body.data).toEqual({
      authenticated: false,
    });

    // The phone follows live (on the other process) while the laptop asks.
    const phoneLive = await follow(baseTwo, elena.phone);
    const laptopLive = await follow(baseOne, elena.laptop);
    const threadId = uuid();
    const requestId = await ask(elena.laptop, laptopLive, threadId);
    await phoneLive.until((f) => f.event === 'request.changed' && f.data.requestId === requestId);
    await phoneLive.until((f) => f.event === 'thread.changed' && f.data.threadId === threadId);

    // Both devices list and read the same thread and the same request.
    for (const cookie of [elena.laptop, elena.phone]) {
      const threads = await request(two.http).get('/api/concierge/threads').set('Cookie', cookie).expect(200);
      expect(threads.body.data.map((t: { id: string }) => t.id)).toEqual([threadId]);
      const thread = await request(two.http)
        .get(`/api/concierge/threads/${threadId}`)
        .set('Cookie', cookie)
        .expect(200);
      expect(thread.body.data.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
        ['user', YACHT],
        ['assistant', 'Certainly. It will be arranged.'],
      ]);
      const mine = await request(two.http).get('/api/concierge/requests').set('Cookie', cookie).expect(200);
      expect(mine.body.data).toEqual([
        expect.objectContaining({ id: requestId, threadId, sessionId: `member:${elena.id}` }),
      ]);
      // The widget's view of one request answers the member's owner key on every device.
      await request(two.http).get(`/api/user-requests/${requestId}`).set('Cookie', cookie).expect(200);
    }

    // A rename on the phone reaches the laptop live; a rating on the phone is the member's.
    const seen = laptopLive.frames.length;
    await request(one.http)
      .patch(`/api/concierge/threads/${threadId}`)
      .set('Cookie', elena.phone)
      .send({ title: 'Monaco yacht' })
      .expect(200);
    await laptopLive.until(
      (f) => laptopLive.frames.indexOf(f) >= seen && f.event === 'thread.changed' && f.data.title === 'Monaco yacht',
    );

    // The house-password session sees none of it, and cannot reach it.
    expect((await request(one.http).get('/api/concierge/threads').set('Cookie', house).expect(200)).body.data).toEqual(
      [],
    );
    expect((await request(one.http).get('/api/concierge/requests').set('Cookie', house).expect(200)).body.data).toEqual(
      [],
    );
    await request(one.http).get(`/api/concierge/threads/${threadId}`).set('Cookie', house).expect(404);
    await request(one.http).get(`/api/user-requests/${requestId}`).set('Cookie', house).expect(404);
    await request(one.http).post(`/api/concierge/requests/${requestId}/cancel`).set('Cookie', house).expect(404);
    await request(one.http)
      .post('/api/chat/stream')
      .set('Cookie', house)
      .send({ threadId, message: 'Let me in' })
      .expect(404);

    // Another member sees none of it either.
    const sam = await member('Sam Okafor', 'black');
    expect(
      (await request(one.http).get('/api/concierge/threads').set('Cookie', sam.phone).expect(200)).body.data,
    ).toEqual([]);
    await request(one.http).get(`/api/concierge/threads/${threadId}`).set('Cookie', sam.laptop).expect(404);

    // The member cancels from the phone: the laptop hears of it.
    const before = laptopLive.frames.length;
    await request(one.http).post(`/api/concierge/requests/${requestId}/cancel`).set('Cookie', elena.phone).expect(200);
    await laptopLive.until(
      (f) => laptopLive.frames.indexOf(f) >= before && f.event === 'request.changed' && f.data.status === 'cancelled',
    );
  });

  it('signing out on one device ends that device only: its live stream closes at once on every process, its cookie no longer opens the concierge', async () => {
    const elena = await member('Elena Marchetti', 'patron');
    // The laptop follows on the second process; the phone signs nothing out.
    const laptopLive = await follow(baseTwo, elena.laptop);
    const phoneLive = await follow(baseTwo, elena.phone);

    const out = await request(one.http).post('/api/concierge/logout').set('Cookie', elena.laptop).expect(200);
    expect(String(out.headers['set-cookie'])).toMatch(/mf_member=;/);
    await laptopLive.until((f) => f.event === 'session.ended' && f.data.code === 'SESSION_ENDED');
    await laptopLive.ended;

    const ended = await request(one.http).get('/api/concierge/threads').set('Cookie', elena.laptop).expect(401);
    expect(ended.body.code).toBe('SESSION_ENDED');
    expect((await request(one.http).get('/api/concierge/session').set('Cookie', elena.laptop)).body.data).toEqual({
      authenticated: false,
    });

    // The phone is still signed in, and its stream still hears what happens.
    const threadId = uuid();
    await request(one.http)
      .post('/api/concierge/threads')
      .set('Cookie', elena.phone)
      .send({ id: threadId })
      .expect(201);
    await phoneLive.until((f) => f.event === 'thread.changed' && f.data.threadId === threadId);
    expect(phoneLive.frames.some((f) => f.event === 'session.ended')).toBe(false);
  });

  it('a reply being read, and a resumed one, close with a last frame when the member is signed out elsewhere; the reply is still written', async () => {
    const elena = await member('Elena Marchetti', 'nomad');
    ai.answer(() => ({ kind: 'endless', delayMs: 30 }));
    const threadId = uuid();
    // The phone asks (second process); the laptop follows the same reply (first process).
    const asked = await open(baseTwo, '/api/chat/stream', elena.phone, {
      threadId,
      userMessageId: uuid(),
      message: 'Tell me about Monaco',
    });
    streams.push(asked);
    await asked.until((f) => f.event === 'delta');
    const replyId = asked.headers['x-message-id'] as string;
    const resumed = await open(baseOne, `/api/chat/stream/${replyId}?after=0`, elena.laptop);
    streams.push(resumed);
    await resumed.until((f) => f.event === 'delta');

    // 'Sign out everywhere else' from the laptop ends the phone's session: its reply stream closes.
    await request(one.http)
      .post('/api/members/me/sessions/sign-out-others')
      .set('Cookie', elena.laptop)
      .expect((r) => expect(r.status).toBeLessThan(300));
    await asked.until((f) => f.event === 'error' && f.data.code === 'SESSION_ENDED');
    await asked.ended;
    await request(two.http).get('/api/concierge/threads').set('Cookie', elena.phone).expect(401);
    // The laptop reads on.
    const count = resumed.frames.length;
    await resumed.until((f) => resumed.frames.indexOf(f) > count && f.event === 'delta');

    // The laptop signs out too: the resumed stream closes the same way.
    await request(two.http).post('/api/concierge/logout').set('Cookie', elena.laptop).expect(200);
    await resumed.until((f) => f.event === 'error' && f.data.code === 'SESSION_ENDED');
    await resumed.ended;

    // The reply was not cut short by the readers leaving: a new session of the member stops it,
    // and the thread keeps it.
    smtp.received.length = 0;
    await request(one.http).post('/api/members/sign-in/email').send({ email: elena.email }).expect(202);
    const mail = await mailTo(elena.email, /\/members\/sign-in\/[\w-]+/);
    const again = await request(one.http)
      .post(`/api/members/sign-in/link/${/\/members\/sign-in\/([\w-]+)/.exec(mail)![1]}`)
      .send({});
    const tablet = cookieOf(again, 'mf_member');
    await request(one.http).post(`/api/chat/stream/${replyId}/stop`).set('Cookie', tablet).expect(200);
    await eventually(async () => {
      const thread = await request(one.http)
        .get(`/api/concierge/threads/${threadId}`)
        .set('Cookie', tablet)
        .expect(200);
      expect(thread.body.data.messages.at(-1)).toMatchObject({ id: replyId, status: 'stopped' });
    });
  });

  it('a suspended member’s live streams close on every device, and nothing opens for them', async () => {
    const elena = await member('Elena Marchetti', 'black');
    const admin = await asAdmin(one);
    const laptopLive = await follow(baseOne, elena.laptop);
    const phoneLive = await follow(baseTwo, elena.phone);

    await request(one.http)
      .patch(`/api/admin/members/${elena.id}`)
      .set('Authorization', admin)
      .send({ status: 'suspended' })
      .expect(200);
    for (const live of [laptopLive, phoneLive]) {
      await live.until((f) => f.event === 'session.ended' && f.data.code === 'SESSION_ENDED');
      await live.ended;
    }
    for (const cookie of [elena.laptop, elena.phone]) {
      await request(two.http).get('/api/concierge/requests').set('Cookie', cookie).expect(401);
      await request(two.http).get('/api/concierge/events').set('Cookie', cookie).expect(401);
    }
  });

  it('the staff desk names the member and tier on the card and the conversation; a house-password request names nobody', async () => {
    const elena = await member('Elena Marchetti', 'voyager');
    const house = await houseSession();
    const admin = await asAdmin(one);
    const elenaLive = await follow(baseTwo, elena.phone);
    const houseLive = await follow(baseTwo, house);
    const memberRequest = await ask(elena.phone, elenaLive, uuid());
    const guestRequest = await ask(
      house,
      houseLive,
      uuid(),
      'A table for two in Paris tomorrow evening, budget 400 euros',
    );

    const cards = await request(one.http).get('/api/admin/user-requests').set('Authorization', admin).expect(200);
    const byId = new Map((cards.body.data as Array<{ id: string; member: unknown }>).map((c) => [c.id, c.member]));
    expect(byId.get(memberRequest)).toEqual({ id: elena.id, name: 'Elena Marchetti', tier: 'voyager' });
    expect(byId.get(guestRequest)).toBeNull();

    const detail = await request(one.http)
      .get(`/api/admin/user-requests/${memberRequest}`)
      .set('Authorization', admin)
      .expect(200);
    expect(detail.body.data.member).toEqual({ id: elena.id, name: 'Elena Marchetti', tier: 'voyager' });
    expect(detail.body.data.card.member).toEqual({ id: elena.id, name: 'Elena Marchetti', tier: 'voyager' });
    expect(detail.body.data.conversation.length).toBeGreaterThan(0);
    const guest = await request(one.http)
      .get(`/api/admin/user-requests/${guestRequest}`)
      .set('Authorization', admin)
      .expect(200);
    expect(guest.body.data.member).toBeNull();

    // A tier changed by staff shows on the desk's next answer.
    await request(one.http)
      .patch(`/api/admin/members/${elena.id}`)
      .set('Authorization', admin)
      .send({ tier: 'black' })
      .expect(200);
    const after = await request(one.http)
      .get(`/api/admin/user-requests/${memberRequest}`)
      .set('Authorization', admin)
      .expect(200);
    expect(after.body.data.member).toEqual({ id: elena.id, name: 'Elena Marchetti', tier: 'black' });
  });
});
