import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import request from 'supertest';
import { REDIS } from '../src/platform/redis/redis.module';
import { eventually } from './support/eventually';
import { listen, open } from './support/live-stream';
import { parseSse } from './support/sse';
import { createTestApp, type TestApp } from './support/test-app';

const PASSWORD = 'members-only-password';

/**
 * What one member with the shared password could do to everyone else: hold Redis connections
 * with resumed streams, open streams without end, ask the model without limit, write the model's
 * context, or make the server fail with a resume point Redis cannot read.
 */
describe('a member with the shared password cannot exhaust what every member shares', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      env: {
        CONCIERGE_PASSWORD: PASSWORD,
        OPENAI_API_KEY: '',
        // Replies long enough to be followed while they are written.
        OFFLINE_REPLY_PIECE_DELAY_MS: '25',
        STREAMS_PER_SESSION: '12',
        STREAMS_PER_ADDRESS: '10000',
        RATE_LIMIT_CHAT_PER_SESSION_PER_MINUTE: '10000',
        RATE_LIMIT_CHAT_PER_ADDRESS_PER_MINUTE: '10000',
      },
    });
    base = await listen(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function session(): Promise<string> {
    const response = await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(200);
    return String(response.headers['set-cookie']).split(';')[0];
  }

  /** Connections to this run's Redis database (a file running beside this one has its own). */
  async function redisClients(): Promise<number> {
    const db = Number(new URL(process.env.REDIS_URL!).pathname.slice(1) || 0);
    const clients = String(await t.app.get<Redis>(REDIS).client('LIST'))
      .trim()
      .split('\n');
    return clients.filter((client) => client.includes(` db=${db} `)).length;
  }

  /** A finished reply of the session: its id and its frames. */
  async function finishedReply(cookie: string) {
    const answer = await request(t.http)
      .post('/api/chat/stream')
      .set('Cookie', cookie)
      .send({ threadId: randomUUID(), message: 'A table for two in Paris tonight' })
      .expect(200);
    return { id: String(answer.headers['x-message-id']), frames: parseSse(answer.text) };
  }

  it('answers a resume past a finished reply’s end at once, holding no Redis connection', async () => {
    const cookie = await session();
    const { id } = await finishedReply(cookie);
    const before = await redisClients();
    const resumes = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(t.http).get(`/api/chat/stream/${id}?after=100000`).set('Cookie', cookie).expect(200),
      ),
    );
    for (const resume of resumes) expect(resume.text).toBe('');
    expect(await redisClients()).toBe(before);
    // From the start, a finished reply is answered whole and closed.
    const whole = await request(t.http).get(`/api/chat/stream/${id}`).set('Cookie', cookie).expect(200);
    expect(parseSse(whole.text).pop()?.event).toBe('done');
  });

  it('follows a reply being written from ten tabs without a Redis connection for any of them', async () => {
    const cookie = await session();
    const before = await redisClients();
    const first = await open(base, '/api/chat/stream', cookie, {
      threadId: randomUUID(),
      message: 'A yacht in Monaco for the Grand Prix',
    });
    const id = String(first.headers['x-message-id']);
    await first.until((frame) => frame.event === 'delta');
    const tabs = await Promise.all(Array.from({ length: 10 }, () => open(base, `/api/chat/stream/${id}`, cookie)));
    // The reply's own listeners (one subscriber for every stream of the process) and nothing per tab.
    expect(await redisClients()).toBeLessThanOrEqual(before + 1);
    await Promise.all(tabs.map((tab) => tab.ended));
    await first.ended;
    const whole = first.frames.map((frame) => frame.id);
    for (const tab of tabs) expect(tab.frames.map((frame) => frame.id)).toEqual(whole);
  });

  it('refuses a resume point that is not a safe frame id with a 400, and a reply of another session with a 404 first', async () => {
    const cookie = await session();
    const { id } = await finishedReply(cookie);
    for (const after of ['99999999999999999999', '1e300', '-1', '1.5', 'abc']) {
      const answer = await request(t.http)
        .get(`/api/chat/stream/${id}?after=${after}`)
        .set('Cookie', cookie)
        .expect(400);
      expect(answer.body).toMatchObject({
        success: false,
        error: 'The resume point must be the id of a frame (0 or more)',
      });
    }
    for (const header of ['99999999999999999999', '1e300', '-3', 'x']) {
      const answer = await request(t.http)
        .get(`/api/chat/stream/${id}`)
        .set('Cookie', cookie)
        .set('Last-Event-ID', header)
        .expect(400);
      expect(answer.body.error).toBe('The resume point must be the id of a frame (0 or more)');
    }
    // A reply that is not the session's: 404, whatever the resume point.
    const other = await session();
    await request(t.http).get(`/api/chat/stream/${id}?after=3`).set('Cookie', other).expect(404);
    await request(t.http).get(`/api/chat/stream/${randomUUID()}?after=3`).set('Cookie', cookie).expect(404);
  });

  it('caps the streams one session holds open, with a clear 429, and frees a slot when one closes', async () => {
    const cookie = await session();
    const streams = await Promise.all(Array.from({ length: 12 }, () => open(base, '/api/concierge/events', cookie)));
    const refused = await request(t.http).get('/api/concierge/events').set('Cookie', cookie).expect(429);
    expect(refused.body).toMatchObject({
      success: false,
      error: 'Too many conversations are open at once. Please close a tab or two and try again.',
    });
    expect(refused.headers['retry-after']).toBeDefined();
    // Replies and resumes count too.
    await request(t.http)
      .post('/api/chat/stream')
      .set('Cookie', cookie)
      .send({ threadId: randomUUID(), message: 'Hello' })
      .expect(429);
    // Another session is not held back by this one.
    const another = await open(base, '/api/concierge/events', await session());
    another.close();
    streams[0].close();
    await streams[0].ended;
    const again = await eventually(() => open(base, '/api/concierge/events', cookie));
    again.close();
    for (const stream of streams) stream.close();
  });

  it('refuses a message id that names another message with a 409, and keeps the thread as it was', async () => {
    const cookie = await session();
    const threadId = randomUUID();
    const first = await request(t.http)
      .post('/api/chat/stream')
      .set('Cookie', cookie)
      .send({ threadId, message: 'A table tonight' })
      .expect(200);
    const replyId = String(first.headers['x-message-id']);
    const read = async () =>
      (await request(t.http).get(`/api/concierge/threads/${threadId}`).set('Cookie', cookie).expect(200)).body.data
        .messages as Array<{ id: string; role: string; content: string }>;
    const before = await read();
    // The reply's id given as the member's new message.
    const taken = await request(t.http)
      .post('/api/chat/stream')
      .set('Cookie', cookie)
      .send({ threadId, userMessageId: replyId, message: 'And a car at eight' })
      .expect(409);
    expect(taken.body).toMatchObject({
      success: false,
      error: 'This message id is already taken. Please send your message again.',
    });
    // A message of another of the session's threads, under the same id.
    const otherThread = randomUUID();
    await request(t.http)
      .post('/api/chat/stream')
      .set('Cookie', cookie)
      .send({ threadId: otherThread, userMessageId: before[0].id, message: 'A table tonight' })
      .expect(409);
    expect(await read()).toEqual(before);
  });
});

describe('members’ replies and titles are rate limited, per session and per client address', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        CONCIERGE_PASSWORD: PASSWORD,
        OPENAI_API_KEY: '',
        OFFLINE_REPLY_PIECE_DELAY_MS: '0',
        RATE_LIMIT_CHAT_PER_SESSION_PER_MINUTE: '3',
        RATE_LIMIT_CHAT_PER_ADDRESS_PER_MINUTE: '5',
      },
    });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function session(): Promise<string> {
    const response = await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(200);
    return String(response.headers['set-cookie']).split(';')[0];
  }

  const reply = (cookie: string, threadId: string = randomUUID()) =>
    request(t.http).post('/api/chat/stream').set('Cookie', cookie).send({ threadId, message: 'Hello' });

  it('refuses a session’s fourth reply or title within the minute with a 429, writing nothing', async () => {
    const cookie = await session();
    await reply(cookie).expect(200);
    await request(t.http).post('/api/chat/title').set('Cookie', cookie).send({ message: 'Hello' }).expect(200);
    await reply(cookie).expect(200);
    const threadId = randomUUID();
    const refused = await reply(cookie, threadId).expect(429);
    expect(refused.body).toMatchObject({
      success: false,
      error: 'You are writing faster than your concierge can answer. Please wait a moment and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The refused reply's thread was neither created nor written.
    await request(t.http).get(`/api/concierge/threads/${threadId}`).set('Cookie', cookie).expect(404);
    await request(t.http).post('/api/chat/title').set('Cookie', cookie).send({ message: 'Hello' }).expect(429);
  });

  it('refuses an address that opens new sessions to go on asking', async () => {
    for (let i = 0; i < 5; i += 1) await reply(await session()).expect(200);
    await reply(await session()).expect(429);
  });
});
