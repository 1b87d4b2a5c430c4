import { act, renderHook, waitFor } from '@testing-library/react';
import { fakeServer, json } from '../../../testing/fake-server';
import type { ChatMessage } from './thread-store';
import { useReplyStream } from './use-reply-stream';

const frame = (id: number, event: string, data: unknown) =>
  `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** An event stream the test writes frame by frame, as the server writes a reply. */
function liveStream(messageId: string) {
  const encoder = new TextEncoder();
  let writer!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (writer = controller) });
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream', 'X-Message-Id': messageId } }),
    write: (text: string) => writer.enqueue(encoder.encode(text)),
    /** As a browser does: the body fails once its request is aborted. */
    failOnAbort: (signal: AbortSignal) =>
      signal.addEventListener('abort', () => writer.error(new DOMException('Aborted', 'AbortError'))),
  };
}

/** The signal the page gave its last request to `path`. */
function signalOf(path: string): AbortSignal {
  const call = vi.mocked(fetch).mock.calls.findLast(([url]) => url === path);
  return (call?.[1] as RequestInit).signal!;
}

function renderReplies() {
  const ended: Array<{ threadId: string; reply: ChatMessage }> = [];
  const failures: unknown[] = [];
  const { result } = renderHook(() =>
    useReplyStream({
      thread: null,
      enabled: true,
      onStart: () => undefined,
      onEnd: (threadId, reply) => ended.push({ threadId, reply }),
      onEndedUnseen: async () => undefined,
      onFailure: (failure) => failures.push(failure),
    }),
  );
  return { result, ended, failures };
}

describe('the reply stream', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows a reply as it is written and remembers the last frame, so a reload can resume after it', async () => {
    const stream = liveStream('r1');
    fakeServer({ 'POST /api/chat/stream': () => stream.response });
    const { result, ended } = renderReplies();

    let reading!: Promise<void>;
    act(() => void (reading = result.current.start('t1', { message: 'A table tonight' })));
    expect(result.current.busy).toBe(true);
    stream.write(frame(1, 'delta', { content: 'Certainly' }));
    stream.write(frame(2, 'delta', { content: ', a table' }));
    await waitFor(() => expect(result.current.text).toBe('Certainly, a table'));
    expect(JSON.parse(sessionStorage.getItem('mf.concierge.streaming')!)).toEqual({
      messageId: 'r1',
      frameId: 2,
      content: 'Certainly, a table',
    });

    const done = { id: 'r1', role: 'assistant', content: 'Certainly, a table.', createdAt: new Date().toISOString() };
    stream.write(frame(3, 'done', { message: done }));
    await act(() => reading);
    expect(ended).toEqual([{ threadId: 't1', reply: done }]);
    expect(result.current).toMatchObject({ busy: false, text: null, lastReply: done });
    expect(sessionStorage.getItem('mf.concierge.streaming')).toBeNull();
  });

  it('shows the steps of a reply as they come, keeps them for a resume, and hands them over with what was left', async () => {
    const stream = liveStream('r3');
    fakeServer({
      'POST /api/chat/stream': () => stream.response,
      'POST /api/chat/stream/r3/stop': () => json({ success: false, error: 'Unavailable' }, 503),
    });
    const { result, ended } = renderReplies();
    const step = { id: '1', tool: 'remember_preference', label: 'Remembered: Terraces', status: 'done' as const };

    let reading!: Promise<void>;
    act(() => void (reading = result.current.start('t1', { message: 'We love terraces' })));
    stream.failOnAbort(signalOf('/api/chat/stream'));
    stream.write(frame(1, 'step', { step }));
    await waitFor(() => expect(result.current.steps).toEqual([step]));
    expect(result.current.text).toBe('');
    expect(JSON.parse(sessionStorage.getItem('mf.concierge.streaming')!)).toEqual({
      messageId: 'r3',
      frameId: 1,
      content: '',
      steps: [step],
    });
    stream.write(frame(2, 'delta', { content: 'Noted' }));
    await waitFor(() => expect(result.current.text).toBe('Noted'));
    act(() => result.current.stop());
    await act(() => reading);
    expect(ended).toEqual([
      { threadId: 't1', reply: expect.objectContaining({ id: 'r3', content: 'Noted', steps: [step] }) },
    ]);
    expect(result.current.steps).toEqual([]);
  });

  it('keeps what was written, under the reply’s id, when the server cannot take Stop', async () => {
    const stream = liveStream('r2');
    const server = fakeServer({
      'POST /api/chat/stream': () => stream.response,
      'POST /api/chat/stream/r2/stop': () => json({ success: false, error: 'Unavailable' }, 503),
    });
    const { result, ended, failures } = renderReplies();

    let reading!: Promise<void>;
    act(() => void (reading = result.current.start('t1', { message: 'A villa' })));
    stream.failOnAbort(signalOf('/api/chat/stream'));
    stream.write(frame(1, 'delta', { content: 'A villa in' }));
    await waitFor(() => expect(result.current.text).toBe('A villa in'));
    act(() => result.current.stop());
    await act(() => reading);

    expect(server.callsTo('POST /api/chat/stream/r2/stop')).toHaveLength(1);
    expect(ended).toEqual([{ threadId: 't1', reply: expect.objectContaining({ id: 'r2', content: 'A villa in' }) }]);
    expect(failures).toEqual([]);
    expect(result.current.busy).toBe(false);
  });
});
