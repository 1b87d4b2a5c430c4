import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseSse, type SseFrame } from './sse';
import type { TestApp } from './test-app';

/** An SSE response (read from any api process of a test)  read as it arrives: its frames (with their ids) so far, and waits on them. */
export interface LiveStream {
  headers: http.IncomingHttpHeaders;
  frames: Array<SseFrame & { id?: number }>;
  /** Resolves when a frame matching `test` has arrived (at once if one has). */
  until(test: (frame: SseFrame & { id?: number }) => boolean): Promise<SseFrame & { id?: number }>;
  ended: Promise<void>;
  close(): void;
}

/** `auth` is a Cookie header value, or headers of its own (an admin's Authorization). */
export function open(
  base: string,
  path: string,
  auth: string | Record<string, string>,
  body?: unknown,
): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        ...(typeof auth === 'string' ? { Cookie: auth } : auth),
      },
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`status ${res.statusCode}`));
        return;
      }
      let buffer = '';
      const waiters: Array<{ test: (f: SseFrame) => boolean; resolve: (f: SseFrame) => void }> = [];
      const stream: LiveStream = {
        headers: res.headers,
        frames: [],
        until: (test) =>
          new Promise((done) => {
            const found = stream.frames.find(test);
            if (found) done(found);
            else waiters.push({ test, resolve: done });
          }),
        ended: new Promise((done) => res.on('close', () => done())),
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        buffer += text;
        let split: number;
        while ((split = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          if (!/^data: /m.test(block)) continue;
          const [frame] = parseSse(block);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          const withId = { ...frame, ...(id ? { id: Number(id) } : {}) };
          stream.frames.push(withId);
          for (const waiter of waiters.filter((w) => w.test(withId))) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(withId);
          }
        }
      });
      resolve(stream);
    });
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

export async function listen(t: TestApp): Promise<string> {
  const server = t.app.getHttpServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
