/** One Server-Sent Event: its name ('message' when the server gave none), its id (null when none) and its data. */
export interface StreamEvent {
  event: string;
  id: string | null;
  data: string;
}

const LINE_END = /\r\n|\r|\n/;

/**
 * Reads a fetch Response's body as Server-Sent Events, each one as its blank line arrives. Used
 * where EventSource cannot go: a POST, or a header to send. Follows the format EventSource reads
 * (comments, `retry` and events without data are skipped); it ends with the body, and leaving the
 * loop early cancels the body.
 */
export async function* readEventStream(body: ReadableStream<BufferSource>): AsyncGenerator<StreamEvent> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let event = '';
  let id: string | null = null;
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      // A carriage return last in the buffer may be the first half of a CRLF, unless the body has ended.
      if (done && buffer.endsWith('\r')) buffer += '\n';
      else if (!done) buffer += value;
      for (let end = buffer.search(LINE_END); end !== -1; end = buffer.search(LINE_END)) {
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(buffer.startsWith('\r\n', end) ? end + 2 : end + 1);
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', id, data: data.join('\n') };
          event = '';
          id = null;
          data = [];
          continue;
        }
        const colon = line.indexOf(':');
        if (colon === 0) continue;
        const field = colon === -1 ? line : line.slice(0, colon);
        const text = colon === -1 ? '' : line.slice(line[colon + 1] === ' ' ? colon + 2 : colon + 1);
        if (field === 'event') event = text;
        else if (field === 'id') id = text;
        else if (field === 'data') data.push(text);
      }
      if (done) return;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
