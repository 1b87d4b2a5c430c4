import request from 'supertest';
import { asAdmin, asStaff } from './support/admin';
import { listen, open, type LiveStream } from './support/live-stream';
import { startOpenAiServer, type OpenAiServer } from './support/openai-server';
import { eventually } from './support/eventually';
import { createTestApp, type TestApp } from './support/test-app';
import { ThreadsService } from '../src/modules/concierge/threads/threads.service';

const PASSWORD = 'members-only-password';
const YACHT = 'I would like to charter a yacht in Monaco next weekend for eight guests, budget 60,000 euros';

interface HistoryRow {
  status: string;
  actor: string;
  actorName: string | null;
  note: string | null;
}

describe('requests members can follow, and the staff console (issue 19, sections 3 and 4)', () => {
  /** Two api processes on the same database and Redis: a change made on one reaches a member on the other. */
  let one: TestApp;
  let two: TestApp;
  let baseTwo: string;
  const streams: LiveStream[] = [];
  /** The AI provider at the network edge: every request that reaches it is counted. */
  let ai: OpenAiServer;

  beforeAll(async () => {
    ai = await startOpenAiServer();
    const env = {
      CONCIERGE_PASSWORD: PASSWORD,
      OPENAI_API_KEY: 'sk-local-test',
      OPENAI_BASE_URL: ai.baseURL,
      OPENAI_MODEL: 'gpt-4o',
    };
    one = await createTestApp({ worker: true, env });
    two = await createTestApp({ env });
    baseTwo = await listen(two);
  });
  beforeEach(async () => {
    await one.reset();
    ai.requests.length = 0;
    ai.answer(() => ({ kind: 'reply', tokens: ['Certainly.', ' It will be', ' arranged.'] }));
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await two.close();
    await one.close();
    await ai.close();
  });

  async function session(t: TestApp = one): Promise<string> {
    const response = await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(200);
    return String(response.headers['set-cookie']).split(';')[0];
  }

  /** The member's live updates, read through the second api process. */
  async function follow(cookie: string): Promise<LiveStream> {
    const stream = await open(baseTwo, '/api/concierge/events', cookie);
    streams.push(stream);
    await stream.until((f) => f.event === 'ready');
    return stream;
  }

  /** The member asks in a thread (through the first process) and the request is recorded; answers its id. */
  async function ask(cookie: string, live: LiveStream, threadId: string, text = YACHT): Promise<string> {
    const seen = live.frames.length;
    await request(one.http)
      .post('/api/chat/stream')
      .set('Cookie', cookie)
      .send({ threadId, userMessageId: crypto.randomUUID(), message: text })
      .expect(200);
    const frame = await live.until(
      (f) => live.frames.indexOf(f) >= seen && f.event === 'request.changed' && f.data.threadId === threadId,
    );
    return frame.data.requestId as string;
  }

  async function mine(cookie: string) {
    const list = await request(two.http).get('/api/concierge/requests').set('Cookie', cookie).expect(200);
    return list.body.data as Array<{
      id: string;
      sessionId: string;
      status: string;
      threadId: string;
      options: Array<{ id: string; title: string; price: number; currency: string }>;
      acceptedOptionId: string | null;
      history: HistoryRow[];
    }>;
  }

  async function thread(cookie: string, id: string) {
    const answer = await request(two.http).get(`/api/concierge/threads/${id}`).set('Cookie', cookie).expect(200);
    return answer.body.data.messages as Array<{
      role: string;
      content: string;
      author: string | null;
      attachment: { type: string; options: unknown[] } | null;
    }>;
  }

  it('follows a request from received to confirmed: every change is in its history, told live in the thread on another process', async () => {
    const admin = await asAdmin(one);
    // A concierge of the desk: what she sends is signed with her display name.
    const claire = await asStaff(one, {
      username: 'claire',
      password: 'claire-password-123',
      role: 'concierge',
      displayName: 'Claire',
    });
    const member = await session();
    const live = await follow(member);
    const staffLive = await open(baseTwo, '/api/admin/user-requests/events', { Authorization: admin });
    streams.push(staffLive);
    await staffLive.until((f) => f.event === 'ready');

    const threadId = crypto.randomUUID();
    const id = await ask(member, live, threadId);
    // The staff console hears of it at once, on the other process.
    await staffLive.until((f) => f.event === 'request.created' && f.data.requestId === id);

    const [received] = await mine(member);
    expect(received).toMatchObject({ id, status: 'received', threadId });
    expect(received.history).toEqual([expect.objectContaining({ status: 'received', actor: 'member' })]);

    // The card is in the console, found by status and search; another search leaves it out.
    const cards = await request(one.http)
      .get('/api/admin/user-requests')
      .query({ status: 'received,in_progress', q: 'monaco' })
      .set('Authorization', admin)
      .expect(200);
    expect(cards.body.total).toBe(1);
    expect(cards.body.data[0]).toMatchObject({ id, status: 'received', handoffAt: null });
    expect(cards.body.data[0].waitingSince).toBe(cards.body.data[0].createdAt);
    expect(cards.body.data[0].lastMemberMessageAt).toEqual(expect.any(String));
    const none = await request(one.http)
      .get('/api/admin/user-requests')
      .query({ q: 'helicopter' })
      .set('Authorization', admin)
      .expect(200);
    expect(none.body).toEqual({ data: [], total: 0 });
    const unknown = await request(one.http)
      .get('/api/admin/user-requests')
      .query({ status: 'lost' })
      .set('Authorization', admin)
      .expect(400);
    expect(unknown.body.error).toMatch(/^Status must be one or more of received/);

    // Staff take it up with a note: the member's panel and thread change live.
    let seen = live.frames.length;
    await request(one.http)
      .patch(`/api/admin/user-requests/${id}`)
      .set('Authorization', claire)
      .send({ status: 'in_progress', note: 'Looking at three yachts in Port Hercule.' })
      .expect(200);
    await live.until(
      (f) => live.frames.indexOf(f) >= seen && f.event === 'request.changed' && f.data.status === 'in_progress',
    );
    await live.until(
      (f) => live.frames.indexOf(f) >= seen && f.event === 'thread.changed' && f.data.threadId === threadId,
    );
    const told = (await thread(member, threadId)).at(-1);
    expect(told).toMatchObject({ role: 'concierge', author: 'Claire' });
    expect(told?.content).toMatch(/in progress[\s\S]*Port Hercule/);

    // A reply as a named human concierge reaches the member connected to the other process.
    seen = live.frames.length;
    const reply = await request(one.http)
      .post(`/api/admin/user-requests/${id}/replies`)
      .set('Authorization', claire)
      .send({ content: 'Would you prefer a sailing yacht or a motor yacht?' })
      .expect(201);
    expect(reply.body.data).toMatchObject({ role: 'concierge', author: 'Claire' });
    await live.until(
      (f) => live.frames.indexOf(f) >= seen && f.event === 'thread.changed' && f.data.concierge === reply.body.data.id,
    );
    expect((await thread(member, threadId)).at(-1)).toMatchObject({
      role: 'concierge',
      content: 'Would you prefer a sailing yacht or a motor yacht?',
    });

    // Options with prices, which the member accepts in the chat.
    const bad = await request(one.http)
      .post(`/api/admin/user-requests/${id}/options`)
      .set('Authorization', admin)
      .send({ options: [{ title: 'Riva', price: -1, currency: 'EUR' }] })
      .expect(400);
    expect(bad.body.error).toBe('Each option needs a price from 0 to 100,000,000');
    await request(one.http)
      .post(`/api/admin/user-requests/${id}/options`)
      .set('Authorization', admin)
      .send({ options: [] })
      .expect(400)
      .expect((r) => expect(r.body).toMatchObject({ success: false, error: 'Propose at least one option' }));
    const proposed = await request(one.http)
      .post(`/api/admin/user-requests/${id}/options`)
      .set('Authorization', claire)
      .send({
        options: [
          { title: 'Benetti Oasis 40M, two days', price: 48000, currency: 'EUR' },
          { title: 'Sunseeker 30M, two days', price: 32000, currency: 'EUR' },
        ],
      })
      .expect(200);
    expect(proposed.body.data.status).toBe('options_proposed');
    const offered = (await thread(member, threadId)).at(-1);
    expect(offered?.attachment).toMatchObject({ type: 'options', requestId: id });
    expect(offered?.attachment?.options).toHaveLength(2);
    expect(offered?.content).toMatch(/Benetti Oasis 40M, two days\*\* · EUR 48,000\.00/);

    const [sunseeker] = proposed.body.data.options.filter((o: { title: string }) => o.title.startsWith('Sunseeker'));
    // Another session can neither accept nor cancel it.
    const stranger = await session();
    await request(one.http)
      .post(`/api/concierge/requests/${id}/options/${sunseeker.id}/accept`)
      .set('Cookie', stranger)
      .expect(404, { success: false, error: 'Request not found.', code: 'NOT_FOUND' });
    await request(one.http).post(`/api/concierge/requests/${id}/cancel`).set('Cookie', stranger).expect(404);
    expect(await mine(stranger)).toEqual([]);

    seen = live.frames.length;
    const accepted = await request(one.http)
      .post(`/api/concierge/requests/${id}/options/${sunseeker.id}/accept`)
      .set('Cookie', member)
      .expect(200);
    expect(accepted.body.data).toMatchObject({ status: 'confirmed', acceptedOptionId: sunseeker.id });
    await staffLive.until((f) => f.event === 'request.changed' && f.data.status === 'confirmed');

    // Confirmed: the member may no longer cancel it, nor accept another option.
    const late = await request(one.http).post(`/api/concierge/requests/${id}/cancel`).set('Cookie', member).expect(409);
    expect(late.body.error).toBe('This request is confirmed: it can no longer be cancelled here.');

    const [final] = await mine(member);
    expect(final.history.map((h) => [h.status, h.actor, h.actorName])).toEqual([
      ['received', 'member', null],
      ['in_progress', 'staff', 'Claire'],
      ['options_proposed', 'staff', 'Claire'],
      ['confirmed', 'member', null],
    ]);
    expect(final.history[1].note).toBe('Looking at three yachts in Port Hercule.');
    expect(final.history[3].note).toBe('Accepted: Sunseeker 30M, two days');

    // The console's detail: the conversation and the history; the clock stopped with the first response.
    const detail = await request(one.http)
      .get(`/api/admin/user-requests/${id}`)
      .set('Authorization', admin)
      .expect(200);
    expect(detail.body.data.conversation.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'concierge',
      'concierge',
      'concierge',
    ]);
    expect(detail.body.data.card.waitingSince).toBeNull();
    const stats = await request(one.http).get('/api/admin/user-requests/stats').set('Authorization', admin).expect(200);
    expect(stats.body.data).toMatchObject({ answered: 1, medianFirstResponseSeconds: expect.any(Number) });
  });

  it('lets the member cancel a request that is not yet confirmed, and staff can no longer move it', async () => {
    const admin = await asAdmin(one);
    const member = await session();
    const live = await follow(member);
    const id = await ask(member, live, crypto.randomUUID(), 'A table for four at Le Louis XV in Monaco on Saturday');
    const cancelled = await request(two.http)
      .post(`/api/concierge/requests/${id}/cancel`)
      .set('Cookie', member)
      .expect(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', closedReason: 'member' });
    expect(cancelled.body.data.history.map((h: HistoryRow) => [h.status, h.actor])).toEqual([
      ['received', 'member'],
      ['cancelled', 'member'],
    ]);
    await request(one.http)
      .patch(`/api/admin/user-requests/${id}`)
      .set('Authorization', admin)
      .send({ status: 'in_progress' })
      .expect(409, { success: false, error: 'This request is already cancelled.', code: 'CONFLICT' });
    await request(two.http)
      .post(`/api/concierge/requests/not-a-request/cancel`)
      .set('Cookie', member)
      .expect(404, { success: false, error: 'Request not found.', code: 'NOT_FOUND' });
    await request(two.http).get('/api/concierge/requests').expect(401);
  });

  it('signs a staff change and reply with the staff account’s display name, never its username nor a name the body gives', async () => {
    // A username that would stand out wherever it leaked.
    const steward = await asStaff(one, {
      username: 'steward',
      password: 'steward-password-123',
      role: 'concierge',
      displayName: 'Claire Dubois',
    });
    const member = await session();
    const live = await follow(member);
    const threadId = crypto.randomUUID();
    const id = await ask(member, live, threadId);

    await request(one.http)
      .patch(`/api/admin/user-requests/${id}`)
      .set('Authorization', steward)
      .send({ status: 'in_progress', staffName: 'Impostor' })
      .expect(200);
    const reply = await request(one.http)
      .post(`/api/admin/user-requests/${id}/replies`)
      .set('Authorization', steward)
      .send({ content: 'Which marina would suit you best?', staffName: 'Impostor' })
      .expect(201);
    expect(reply.body.data).toMatchObject({ role: 'concierge', author: 'Claire Dubois' });

    const messages = await thread(member, threadId);
    expect(messages.filter((m) => m.role === 'concierge').map((m) => m.author)).toEqual([
      'Claire Dubois',
      'Claire Dubois',
    ]);
    const [mineNow] = await mine(member);
    expect(mineNow.history.map((h) => [h.status, h.actor, h.actorName])).toEqual([
      ['received', 'member', null],
      ['in_progress', 'staff', 'Claire Dubois'],
    ]);
    // Nothing the member can read names the account's username, or what the body claimed.
    expect(JSON.stringify({ messages, mineNow })).not.toMatch(/steward|impostor/i);
  });

  it('keeps a member’s thread requests out of the public session list, and records none for a regenerated reply', async () => {
    const member = await session();
    const live = await follow(member);
    const threadId = crypto.randomUUID();
    const id = await ask(member, live, threadId);
    const [request0] = await mine(member);
    const publicList = await request(one.http)
      .get('/api/user-requests')
      .query({ sessionId: request0.sessionId })
      .expect(200);
    expect(publicList.body.data).toEqual([]);
    // Regenerate: the member's message is not new, so the request is not extended with it again.
    const replies = await thread(member, threadId);
    expect(replies.map((m) => m.role)).toEqual(['user', 'assistant']);
    const messages = (await request(one.http).get(`/api/concierge/threads/${threadId}`).set('Cookie', member)).body.data
      .messages as Array<{ id: string; role: string }>;
    await request(one.http)
      .post('/api/chat/stream')
      .set('Cookie', member)
      .send({
        threadId,
        userMessageId: messages[0].id,
        replaceFrom: messages[1].id,
        message: YACHT,
      })
      .expect(200);
    // A new message on the same topic is added (and, once it is, anything the regenerate recorded would be too).
    expect(await ask(member, live, threadId, 'The yacht should have a jacuzzi on deck')).toBe(id);
    const text = (await request(one.http).get(`/api/user-requests/${id}`).set('Cookie', member).expect(200)).body.data
      .request.text as string;
    expect(text.split('charter a yacht')).toHaveLength(2);
    expect(text).toMatch(/jacuzzi/);
    expect(await mine(member)).toHaveLength(1);
  });

  it('shows a thread’s request, and its follow-up, only to that thread’s concierge session', async () => {
    const member = await session();
    const live = await follow(member);
    const id = await ask(member, live, crypto.randomUUID());
    const stranger = await session();
    for (const cookie of [undefined, stranger, 'mf_concierge=not-a-session']) {
      const read = request(one.http).get(`/api/user-requests/${id}`);
      const followUp = request(one.http).post(`/api/user-requests/${id}/next-step`);
      if (cookie) {
        void read.set('Cookie', cookie);
        void followUp.set('Cookie', cookie);
      }
      await read.expect(404, { success: false, error: 'Request not found.', code: 'NOT_FOUND' });
      await followUp.expect(404, { success: false, error: 'Request not found.', code: 'NOT_FOUND' });
    }
    // A session signed out no longer reads it either.
    const signedOut = await session();
    const other = await ask(signedOut, await follow(signedOut), crypto.randomUUID());
    await request(one.http).get(`/api/user-requests/${other}`).set('Cookie', signedOut).expect(200);
    await request(two.http).post('/api/concierge/logout').set('Cookie', signedOut).expect(200);
    await request(one.http).get(`/api/user-requests/${other}`).set('Cookie', signedOut).expect(404);

    const own = await request(one.http).get(`/api/user-requests/${id}`).set('Cookie', member).expect(200);
    expect(own.body.data.request).toMatchObject({ id, text: YACHT });
    const next = await request(one.http).post(`/api/user-requests/${id}/next-step`).set('Cookie', member).expect(200);
    expect(next.body.data.content).toEqual(expect.any(String));
  });

  it('lets the widget and the session chat read their own request and ask its follow-up, as the spec’s screens do', async () => {
    const sessionId = crypto.randomUUID();
    const chat = await request(one.http).post('/api/chat').send({ message: YACHT, conversationHistory: [], sessionId });
    expect(chat.status).toBe(200);
    const id = chat.body.data.requestId as string;
    const read = await request(one.http).get(`/api/user-requests/${id}`).expect(200);
    expect(read.body.data.request).toMatchObject({ id, sessionId, threadId: null });
    const next = await request(one.http).post(`/api/user-requests/${id}/next-step`).expect(200);
    expect(next.body.data.content).toEqual(expect.any(String));
  });

  it('hands a thread to a person when the member asks in plain words: the AI is silent until staff hand it back', async () => {
    const admin = await asAdmin(one);
    const member = await session();
    const live = await follow(member);
    const staffLive = await open(baseTwo, '/api/admin/user-requests/events', { Authorization: admin });
    streams.push(staffLive);
    await staffLive.until((f) => f.event === 'ready');
    const threadId = crypto.randomUUID();
    const id = await ask(member, live, threadId);
    // Replies the AI was asked to write (the worker's parses of the request are not replies).
    const replies = () => ai.requests.filter((body) => body.stream === true);
    expect(replies()).toHaveLength(1);

    const say = async (content: string) => {
      const answer = await request(one.http)
        .post('/api/chat/stream')
        .set('Cookie', member)
        .send({ threadId, userMessageId: crypto.randomUUID(), message: content })
        .expect(200);
      const done = answer.text.split('\n\n').find((block) => block.startsWith('event: done')) ?? '';
      return (JSON.parse(done.split('data: ')[1]) as { message: { content: string } }).message.content;
    };
    expect(await say('Could I speak to a real person, please?')).toMatch(
      /a person will answer you here, usually within \d+ minutes/,
    );
    await staffLive.until((f) => f.event === 'request.handoff' && f.data.threadId === threadId);
    expect(await say('Also, is the marina close to the hotel?')).toMatch(
      /will answer you here personally, usually within/,
    );
    // The AI was never asked.
    expect(replies()).toHaveLength(1);
    const cards = await request(one.http).get('/api/admin/user-requests').set('Authorization', admin).expect(200);
    expect(cards.body.data[0]).toMatchObject({ id, handoffAt: expect.any(String) });
    expect(cards.body.data[0].waitingSince).toBe(cards.body.data[0].handoffAt);
    // What the member writes while a person holds the thread is for that person's request, whatever its topic.
    await eventually(async () => {
      const detail = await request(one.http).get(`/api/admin/user-requests/${id}`).set('Authorization', admin);
      expect(JSON.stringify(detail.body)).toContain('is the marina close to the hotel?');
    });
    const still = await request(one.http).get('/api/admin/user-requests').set('Authorization', admin).expect(200);
    expect(still.body.total).toBe(1);

    // Handed back through the other api process: the one answering the member hears of it at once.
    await request(two.http).post(`/api/admin/user-requests/${id}/hand-back`).set('Authorization', admin).expect(200);
    expect(await say('Thank you. And a chef on board?')).toBe('Certainly. It will be arranged.');
    expect(replies()).toHaveLength(2);
    const after = await request(one.http).get('/api/admin/user-requests').set('Authorization', admin).expect(200);
    expect(after.body.data[0].handoffAt).toBeNull();
  });
  it('writes and asks nothing for a session signed out, even while its sign-out check is still on its way', async () => {
    const member = await session();
    const threadId = crypto.randomUUID();
    await request(one.http).post('/api/concierge/threads').set('Cookie', member).send({ id: threadId }).expect(201);
    await request(two.http).post('/api/concierge/logout').set('Cookie', member).expect(200);

    const answer = await request(one.http)
      .post('/api/chat/stream')
      .set('Cookie', member)
      .send({ threadId, userMessageId: crypto.randomUUID(), message: YACHT })
      .expect(401);
    expect(answer.body.error).toBe('Your concierge session has ended. Please enter the password again.');
    expect(ai.requests).toHaveLength(0);
    // Nothing was written in the thread, and no request was recorded.
    const admin = await asAdmin(one);
    const cards = await request(one.http).get('/api/admin/user-requests').set('Authorization', admin).expect(200);
    expect(cards.body.total).toBe(0);
    expect(await one.app.get(ThreadsService).conversation(threadId)).toEqual([]);
  });
});
