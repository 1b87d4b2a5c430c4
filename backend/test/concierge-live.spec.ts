import request from 'supertest';
import { startOpenAiServer, type OpenAiServer } from './support/openai-server';
import { eventually } from './support/eventually';
import { listen, open } from './support/live-stream';
import { parseSse } from './support/sse';
import { createTestApp, type TestApp } from './support/test-app';

const PASSWORD = 'members-only-password';
const uuid = () => crypto.randomUUID();

describe('the concierge as a service: threads held by the server, resumable streams, live delivery', () => {
  let ai: OpenAiServer;
  /** Two api processes on the same database and Redis. */
  let one: TestApp;
  let two: TestApp;
  let baseOne: string;
  let baseTwo: string;

  beforeAll(async () => {
    ai = await startOpenAiServer();
    const env = {
      CONCIERGE_PASSWORD: PASSWORD,
      OPENAI_API_KEY: 'sk-local-test',
      OPENAI_BASE_URL: ai.baseURL,
      OPENAI_MODEL: 'gpt-4o',
    };
    one = await createTestApp({ env });
    two = await createTestApp({ env });
    baseOne = await listen(one);
    baseTwo = await listen(two);
  });
  beforeEach(async () => {
    await one.reset();
    ai.requests.length = 0;
    ai.closedEarly = 0;
    ai.answer(() => ({ kind: 'reply', tokens: ['Certainly.', ' A table', ' awaits.'] }));
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

  it('creates, lists, reads, renames and deletes a session’s threads, and never shows them to another session', async () => {
    const mine = await session();
    const theirs = await session();
    const id = uuid();
    const created = await request(one.http)
      .post('/api/concierge/threads')
      .set('Cookie', mine)
      .send({ id, title: 'Dinner in Paris' })
      .expect(201);
    expect(created.body.data).toMatchObject({ id, title: 'Dinner in Paris' });
    // Created again (a browser syncing its cache): the same thread.
    await request(one.http).post('/api/concierge/threads').set('Cookie', mine).send({ id }).expect(201);
    await request(one.http).post('/api/concierge/threads').set('Cookie', theirs).send({ id }).expect(409);

    const listed = await request(one.http).get('/api/concierge/threads').set('Cookie', mine).expect(200);
    expect(listed.body.data.map((t: { id: string }) => t.id)).toEqual([id]);
    expect((await request(one.http).get('/api/concierge/threads').set('Cookie', theirs).expect(200)).body.data).toEqual(
      [],
    );

    for (const call of [
      request(one.http).get(`/api/concierge/threads/${id}`),
      request(one.http).patch(`/api/concierge/threads/${id}`).send({ title: 'Mine now' }),
      request(one.http).delete(`/api/concierge/threads/${id}`),
    ]) {
      const answer = await call.set('Cookie', theirs).expect(404);
      expect(answer.body).toEqual({ success: false, error: 'Conversation not found', code: 'NOT_FOUND' });
    }
    // The other session's reply into this thread id is refused and writes nothing into it.
    const refused = await request(one.http)
      .post('/api/chat/stream')
      .set('Cookie', theirs)
      .send({ threadId: id, message: 'Let me in' })
      .expect(404);
    expect(refused.body).toEqual({ success: false, error: 'Conversation not found', code: 'NOT_FOUND' });
    expect(
      (await request(one.http).get(`/api/concierge/threads/${id}`).set('Cookie', mine)).body.data.messages,
    ).toEqual([]);

    await request(one.http).get('/api/concierge/threads').expect(401);
    await request(one.http).patch(`/api/concierge/threads/${id}`).set('Cookie', mine).send({ title: '  ' }).expect(400);
    const renamed = await request(one.http)
      .patch(`/api/concierge/threads/${id}`)
      .set('Cookie', mine)
      .send({ title: 'Grand Prix weekend' })
      .expect(200);
    expect(renamed.body.data.title).toBe('Grand Prix weekend');
    await request(one.http).get(`/api/concierge/threads/not-a-uuid`).set('Cookie', mine).expect(404);
    await request(one.http).delete(`/api/concierge/threads/${id}`).set('Cookie', mine).expect(200);
    await request(one.http).get(`/api/concierge/threads/${id}`).set('Cookie', mine).expect(404);
  });

  it('keeps a streamed exchange in the thread; rates a reply; edit-and-resend replaces the later messages', async () => {
    const cookie = await session();
    const threadId = uuid();
    const userId = uuid();
    const first = parseSse(
      (
        await request(one.http)
          .post('/api/chat/stream')
          .set('Cookie', cookie)
          .send({ threadId, userMessageId: userId, message: 'A table tonight' })
          .expect(200)
      ).text,
    );
    const done = first[first.length - 1];
    expect(done).toMatchObject({
      event: 'done',
      data: { message: { content: 'Certainly. A table awaits.', status: 'complete' } },
    });
    const replyId = (done.data.message as { id: string }).id;
    // The reply is in the thread once its last frame has been sent.
    const read = async () =>
      (await request(one.http).get(`/api/concierge/threads/${threadId}`).set('Cookie', cookie)).body.data;
    expect((await read()).messages).toMatchObject([
      { id: userId, role: 'user', content: 'A table tonight' },
      { id: replyId, role: 'assistant', content: 'Certainly. A table awaits.', status: 'complete', rating: null },
    ]);

    await request(one.http)
      .put(`/api/concierge/threads/${threadId}/messages/${replyId}/rating`)
      .set('Cookie', cookie)
      .send({ helpful: 'yes' })
      .expect(400);
    await request(one.http)
      .put(`/api/concierge/threads/${threadId}/messages/${userId}/rating`)
      .set('Cookie', cookie)
      .send({ helpful: true })
      .expect(404);
    const rated = await request(one.http)
      .put(`/api/concierge/threads/${threadId}/messages/${replyId}/rating`)
      .set('Cookie', cookie)
      .send({ helpful: false, comment: 'I wanted a terrace.' })
      .expect(200);
    expect(rated.body.data.rating).toEqual({ helpful: false, comment: 'I wanted a terrace.' });

    // Edit the member's message and send it again: it and the reply are replaced.
    ai.answer(() => ({ kind: 'reply', tokens: ['A terrace', ' it is.'] }));
    const editedId = uuid();
    await request(one.http)
      .post('/api/chat/stream')
      .set('Cookie', cookie)
      .send({
        threadId,
        userMessageId: editedId,
        replaceFrom: userId,
        message: 'A terrace tonight',
      })
      .expect(200);
    expect((await read()).messages.map((m: { id: string; content: string }) => [m.id === editedId, m.content])).toEqual(
      [
        [true, 'A terrace tonight'],
        [false, 'A terrace it is.'],
      ],
    );
  });

  it('keeps both exchanges when two tabs open the same new thread at once, and a message sent again once', async () => {
    const cookie = await session();
    const threadId = uuid();
    const [firstId, secondId] = [uuid(), uuid()];
    const send = (t: TestApp, userMessageId: string, content: string) =>
      request(t.http)
        .post('/api/chat/stream')
        .set('Cookie', cookie)
        .send({ threadId, userMessageId, message: content })
        .expect(200);
    // A thread the server does not know yet (made by the browser offline), written by two api
    // processes at the same moment: neither exchange is lost.
    await Promise.all([send(one, firstId, 'A table tonight'), send(two, secondId, 'And a car at eight')]);
    // The same message again (a retried request): kept once, with its new reply.
    await send(one, firstId, 'A table tonight');
    const read = async () =>
      (await request(one.http).get(`/api/concierge/threads/${threadId}`).set('Cookie', cookie)).body.data as {
        messages: Array<{ id: string; role: string; status: string }>;
      };
    const { messages } = await read();
    expect(messages.filter((m) => m.status === 'streaming')).toEqual([]);
    expect(messages.filter((m) => m.role === 'user').map((m) => m.id)).toEqual(
      expect.arrayContaining([firstId, secondId]),
    );
    expect(messages.filter((m) => m.role === 'user')).toHaveLength(2);
    expect(messages.filter((m) => m.role === 'assistant' && m.status === 'complete')).toHaveLength(3);
    // Each member's message comes before its reply.
    expect(messages[0].role).toBe('user');
    // Another session cannot write into it.
    const other = await session(two);
    await request(two.http)
      .post('/api/chat/stream')
      .set('Cookie', other)
      .send({ threadId, userMessageId: uuid(), message: 'Not mine' })
      .expect(404);
    expect((await read()).messages).toHaveLength(5);
  });

  it('resumes a reply on another api process after a reload, with no token lost or doubled', async () => {
    const cookie = await session();
    const tokens = Array.from({ length: 30 }, (_, i) => `t${i} `);
    ai.answer(() => ({ kind: 'reply', tokens, delayMs: 15 }));
    const threadId = uuid();
    const first = await open(baseOne, '/api/chat/stream', cookie, {
      threadId,
      message: 'Tell me a long story',
    });
    const messageId = String(first.headers['x-message-id']);
    const seen = await first.until((f) => f.id === 5);
    // The page reloads: the first connection goes, the reply goes on.
    first.close();
    const upTo = first.frames.filter((f) => (f.id ?? 0) <= seen.id!);
    const second = await open(baseTwo, `/api/chat/stream/${messageId}?after=${seen.id}`, cookie);
    await second.ended;
    const all = [...upTo, ...second.frames];
    expect(all.map((f) => f.id)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    const text = all
      .filter((f) => f.event === 'delta')
      .map((f) => f.data.content)
      .join('');
    expect(text).toBe(tokens.join(''));
    expect(all[all.length - 1]).toMatchObject({
      event: 'done',
      data: { message: { content: tokens.join(''), status: 'complete' } },
    });
    expect(ai.closedEarly).toBe(0);

    // A second tab reading from the start gets every frame once; the Last-Event-ID header works too.
    const replay = parseSse(
      (await request(two.http).get(`/api/chat/stream/${messageId}`).set('Cookie', cookie).expect(200)).text,
    );
    expect(replay.filter((f) => f.event === 'delta')).toHaveLength(tokens.length);
    const tail = parseSse(
      (
        await request(one.http)
          .get(`/api/chat/stream/${messageId}`)
          .set('Cookie', cookie)
          .set('Last-Event-ID', String(tokens.length))
          .expect(200)
      ).text,
    );
    expect(tail.map((f) => f.event)).toEqual(['done']);
    // Another session cannot read it.
    await request(one.http)
      .get(`/api/chat/stream/${messageId}`)
      .set('Cookie', await session())
      .expect(404);
    await request(one.http).get(`/api/chat/stream/${messageId}?after=-1`).set('Cookie', cookie).expect(400);
  });

  it('stops a reply through another api process: the upstream request closes, the partial reply is kept as stopped', async () => {
    const cookie = await session();
    ai.answer(() => ({ kind: 'endless', delayMs: 15 }));
    const threadId = uuid();
    const upstreamClosed = ai.nextClose();
    const stream = await open(baseOne, '/api/chat/stream', cookie, {
      threadId,
      message: 'Talk forever',
    });
    const messageId = String(stream.headers['x-message-id']);
    await stream.until((f) => f.id === 3);
    await request(two.http)
      .post(`/api/chat/stream/${messageId}/stop`)
      .set('Cookie', await session())
      .expect(404);
    await request(two.http).post(`/api/chat/stream/${messageId}/stop`).set('Cookie', cookie).expect(200);
    await upstreamClosed;
    expect(ai.closedEarly).toBe(1);
    const done = await stream.until((f) => f.event === 'done');
    const partial = stream.frames
      .filter((f) => f.event === 'delta')
      .map((f) => f.data.content)
      .join('');
    expect(partial).toMatch(/^token0 token1 token2 /);
    expect(done.data.message).toMatchObject({ id: messageId, content: partial, status: 'stopped' });
    await stream.ended;
    const read = async () =>
      (await request(one.http).get(`/api/concierge/threads/${threadId}`).set('Cookie', cookie)).body.data.messages[1];
    expect(await read()).toMatchObject({ id: messageId, content: partial, status: 'stopped' });
  });

  it('writes the member’s message in its thread while the model has not yet said a word', async () => {
    const cookie = await session();
    // The model opens its answer and stays silent.
    ai.answer(() => ({ kind: 'raw', pieces: [], keepOpen: true }));
    const threadId = uuid();
    const upstreamClosed = ai.nextClose();
    const stream = open(baseOne, '/api/chat/stream', cookie, {
      threadId,
      message: 'A quiet table for two',
    });
    const read = async () =>
      ((await request(one.http).get(`/api/concierge/threads/${threadId}`).set('Cookie', cookie)).body.data?.messages ??
        []) as Array<{ id: string; role: string; content: string; status?: string }>;
    const messages = await eventually(async () => {
      const written = await read();
      expect(written).toHaveLength(2);
      return written;
    });
    expect(messages).toMatchObject([
      { role: 'user', content: 'A quiet table for two' },
      { role: 'assistant', content: '', status: 'streaming' },
    ]);
    await eventually(() => expect(ai.requests).toHaveLength(1));
    // Stopped, the reply is kept as it stands, empty.
    await request(one.http).post(`/api/chat/stream/${messages[1].id}/stop`).set('Cookie', cookie).expect(200);
    await upstreamClosed;
    const done = await (await stream).until((f) => f.event === 'done');
    expect(done.data.message).toMatchObject({ id: messages[1].id, content: '', status: 'stopped' });
  });

  it('delivers a change made through one api process to the session’s tab connected to the other, and to no other session', async () => {
    const cookie = await session();
    const other = await session();
    const tab = await open(baseTwo, '/api/concierge/events', cookie);
    const stranger = await open(baseTwo, '/api/concierge/events', other);
    await tab.until((f) => f.event === 'ready');
    await stranger.until((f) => f.event === 'ready');
    const id = uuid();
    await request(one.http).post('/api/concierge/threads').set('Cookie', cookie).send({ id }).expect(201);
    await request(one.http)
      .patch(`/api/concierge/threads/${id}`)
      .set('Cookie', cookie)
      .send({ title: 'Monaco' })
      .expect(200);
    expect(await tab.until((f) => f.event === 'thread.changed' && f.data.title === 'Monaco')).toMatchObject({
      data: { threadId: id, title: 'Monaco' },
    });
    await request(one.http).delete(`/api/concierge/threads/${id}`).set('Cookie', cookie).expect(200);
    await tab.until((f) => f.event === 'thread.deleted' && f.data.threadId === id);
    expect(stranger.frames.map((f) => f.event)).toEqual(['ready']);
    tab.close();
    stranger.close();
    await request(one.http).get('/api/concierge/events').expect(401);
  });
});
