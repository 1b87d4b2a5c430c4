import { ApiError } from '../../../api/client';
import { fakeServer, json } from '../../../testing/fake-server';
import { streamChat } from './stream-chat';

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** An SSE answer delivered in the given pieces, as a network would cut it. */
function sse(pieces: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

/** Cuts a text into pieces of `size` characters, across frame and even character boundaries. */
function cut(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

const done = {
  id: 'm1',
  role: 'assistant',
  content: '### Paris\n\nA **table** for two — 20:00.',
  createdAt: '2026-03-10T19:00:00.000Z',
};
const wire =
  frame('delta', { content: '### Paris\n\n' }) +
  frame('delta', { content: 'A **table** for two' }) +
  frame('delta', { content: ' — 20:00.' }) +
  frame('done', { message: done });

async function run() {
  const pieces: string[] = [];
  const message = await streamChat(
    { threadId: 't1', message: 'Dinner in Paris' },
    { onDelta: (piece) => pieces.push(piece) },
    new AbortController().signal,
  );
  return { message, pieces };
}

describe('reading the reply stream', () => {
  it.each([1, 7, 64, wire.length])(
    'hands over each delta in order and answers the whole message (pieces of %i)',
    async (size) => {
      const server = fakeServer({ 'POST /api/chat/stream': () => sse(cut(wire, size)) });
      const { message, pieces } = await run();
      expect(pieces).toEqual(['### Paris\n\n', 'A **table** for two', ' — 20:00.']);
      expect(message).toEqual(done);
      expect(server.callsTo('POST /api/chat/stream')[0].body).toEqual({ threadId: 't1', message: 'Dinner in Paris' });
    },
  );

  it('hands over each step with its frame id, in its place among the pieces', async () => {
    const step = { id: '1', tool: 'search_partners', label: 'Searched our partners in Paris: 2 found', status: 'done' };
    const withSteps =
      `event: step\nid: 1\ndata: ${JSON.stringify({ step })}\n\n` +
      `event: delta\nid: 2\ndata: ${JSON.stringify({ content: 'A table.' })}\n\n` +
      `event: done\nid: 3\ndata: ${JSON.stringify({ message: { ...done, content: 'A table.', steps: [step] } })}\n\n`;
    fakeServer({ 'POST /api/chat/stream': () => sse(cut(withSteps, 9)) });
    const seen: string[] = [];
    const message = await streamChat(
      { threadId: 't1', message: 'Dinner in Paris' },
      {
        onDelta: (piece, id) => seen.push(`delta ${id}: ${piece}`),
        onStep: (s, id) => seen.push(`step ${id}: ${s.label}`),
      },
      new AbortController().signal,
    );
    expect(seen).toEqual(['step 1: Searched our partners in Paris: 2 found', 'delta 2: A table.']);
    expect(message.steps).toEqual([step]);
  });

  it('throws the message of an error frame', async () => {
    fakeServer({
      'POST /api/chat/stream': () =>
        sse([
          frame('delta', { content: 'Certainly' }),
          frame('error', { error: 'The concierge is unavailable right now.' }),
        ]),
    });
    await expect(run()).rejects.toMatchObject({ status: 502, message: 'The concierge is unavailable right now.' });
  });

  it('reads a member signed out while reading as a 401 with SESSION_ENDED (to sign in, not to a retry)', async () => {
    fakeServer({
      'POST /api/chat/stream': () =>
        sse([
          frame('delta', { content: 'Certainly' }),
          frame('error', { error: 'You have been signed out. Please sign in again.', code: 'SESSION_ENDED' }),
        ]),
    });
    const failure = await run().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 401,
      code: 'SESSION_ENDED',
      message: 'You have been signed out. Please sign in again.',
    });
  });

  it('throws the server’s error, with its status, when the stream never opens', async () => {
    fakeServer({
      'POST /api/chat/stream': () =>
        json({ success: false, error: 'Your concierge session has ended. Please enter the password again.' }, 401),
    });
    const failure = await run().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 401,
      message: 'Your concierge session has ended. Please enter the password again.',
    });
  });

  it('reads "Server responded with status: {status}" when the answer is not ours', async () => {
    fakeServer({ 'POST /api/chat/stream': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(run()).rejects.toMatchObject({ status: 502, message: 'Server responded with status: 502' });
  });

  it('says the reply was interrupted when the stream ends before its last frame', async () => {
    fakeServer({ 'POST /api/chat/stream': () => sse([frame('delta', { content: 'Certainly' })]) });
    await expect(run()).rejects.toMatchObject({ message: 'The reply was interrupted. Please try again.' });
  });

  it('follows the reply on another api process, after its last frame, when its own says it is stopping', async () => {
    const reconnect = 'retry: 1000\nevent: reconnect\ndata: {}\n\n';
    const numbered = (id: number, event: string, data: unknown) => `id: ${id}\n${frame(event, data)}`;
    const server = fakeServer({
      'POST /api/chat/stream': () => {
        const response = sse([numbered(1, 'delta', { content: '### Paris\n\n' }), reconnect]);
        response.headers.set('X-Message-Id', 'm1');
        return response;
      },
      'GET /api/chat/stream/m1': () =>
        sse([
          numbered(2, 'delta', { content: 'A **table** for two' }),
          numbered(3, 'delta', { content: ' — 20:00.' }),
          numbered(4, 'done', { message: done }),
        ]),
    });
    const { message, pieces } = await run();
    expect(pieces).toEqual(['### Paris\n\n', 'A **table** for two', ' — 20:00.']);
    expect(message).toEqual(done);
    expect(server.callsTo('GET /api/chat/stream/m1')[0].url).toContain('after=1');
  });
});
