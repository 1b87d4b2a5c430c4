import { readEventStream, type StreamEvent } from './event-stream';

/** A body delivered in the given pieces, as a network would cut it. */
function body(pieces: string[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function readAll(pieces: string[]): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of readEventStream(body(pieces))) events.push(event);
  return events;
}

/** Cuts a text into pieces of `size` characters, across lines, fields and line endings. */
function cut(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

const wire =
  'retry: 2000\n\n' +
  'event: ready\ndata: {}\n\n' +
  ': keep-alive\n\n' +
  'event: delta\nid: 1\ndata: {"content":"Paris — à bientôt"}\n\n' +
  'id: 2\ndata: first line\ndata: second line\n\n';

const expected: StreamEvent[] = [
  { event: 'ready', id: null, data: '{}' },
  { event: 'delta', id: '1', data: '{"content":"Paris — à bientôt"}' },
  { event: 'message', id: '2', data: 'first line\nsecond line' },
];

describe('reading a response body as Server-Sent Events', () => {
  it.each([1, 3, 16, wire.length])(
    'hands over each event with its name, id and data, however the body is cut (pieces of %i)',
    async (size) => {
      expect(await readAll(cut(wire, size))).toEqual(expected);
    },
  );

  it('reads a character cut between two pieces of the body', async () => {
    const bytes = new TextEncoder().encode('data: à\n\n');
    const split = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 7));
        controller.enqueue(bytes.slice(7));
        controller.close();
      },
    });
    const events: StreamEvent[] = [];
    for await (const event of readEventStream(split)) events.push(event);
    expect(events).toEqual([{ event: 'message', id: null, data: 'à' }]);
  });

  it('takes CRLF and CR line endings, and a field without its space', async () => {
    expect(await readAll(cut('event:delta\r\ndata:{"a":1}\r\n\r\nevent: done\rdata: 2\r\r', 1))).toEqual([
      { event: 'delta', id: null, data: '{"a":1}' },
      { event: 'done', id: null, data: '2' },
    ]);
  });

  it('skips comments, retry and events without data, and drops an event the body ends in the middle of', async () => {
    expect(await readAll([': hello\n\nretry: 10\n\nevent: empty\n\nevent: delta\ndata: cut off'])).toEqual([]);
  });

  it('cancels the body when the reader leaves early', async () => {
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('data: again\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readEventStream(endless)) {
      expect(event.data).toBe('again');
      break;
    }
    await vi.waitFor(() => expect(cancelled).toBe(true));
  });
});
