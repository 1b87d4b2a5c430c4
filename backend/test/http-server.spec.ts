import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { adminEnv, resetWithAdmin } from './support/launch-party-fixtures';
import { basic, TEST_ADMIN } from './support/admin';
import { createTestApp, type TestApp } from './support/test-app';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Reads an HTTP/1.1 answer as it came over the wire. */
function parse(raw: string): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = raw.slice(0, end < 0 ? raw.length : end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: end < 0 ? '' : raw.slice(end + 4) };
}

/**
 * The server's HTTP layer, spoken to over a raw socket as any client (or attacker) may: requests
 * Node refuses before the app sees them answer in the API's JSON error shape, and a request must
 * arrive within its time while a long answer (an event stream) stays open.
 */
describe('the HTTP server', () => {
  const REQUEST_TIMEOUT_MS = 1000;
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      env: { ...adminEnv, HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) },
    });
    const server = t.http as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    await resetWithAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Opens a connection, writes `bytes`, and answers everything the server sends until it closes. */
  function exchange(bytes: string): Promise<RawAnswer & { raw: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let raw = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (raw += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve({ ...parse(raw), raw }));
      socket.write(bytes);
    });
  }

  it('answers an address over 16 KB with 431 in the API’s error shape, and closes the connection', async () => {
    const answer = await exchange(`GET /api/vendor-taxonomy?q=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      error: 'The address or headers of this request are too large (16 KB at most).',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('answers headers over 16 KB the same way', async () => {
    const answer = await exchange(
      `GET /api/vendor-taxonomy HTTP/1.1\r\nHost: x\r\nCookie: mf=${'b'.repeat(17 * 1024)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      error: 'The address or headers of this request are too large (16 KB at most).',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('still takes an address and headers just under the limit', async () => {
    const answer = await exchange(
      `GET /api/vendor-taxonomy?q=${'a'.repeat(15 * 1024)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
  });

  it('answers a request it cannot read with 400 in the API’s error shape', async () => {
    const answer = await exchange('GET /api/vendor-taxonomy HTTP/1.1\r\nHost: x\r\nnot a header\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      error: 'The request could not be read.',
      code: 'BAD_REQUEST',
    });
  });

  it('closes with 408 a request whose body does not arrive in time', async () => {
    // Ten bytes of a hundred, and then nothing: the connection would otherwise stay open for minutes.
    const answer = await exchange(
      'POST /api/waitlist HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    expect(answer.raw).toContain('HTTP/1.1 408 Request Timeout');
    expect(answer.raw).toContain(
      '{"success":false,"error":"The request took too long to arrive. Please try again.","code":"REQUEST_TIMEOUT"}',
    );
  });

  it('closes with 408 a request whose headers do not arrive in time', async () => {
    const answer = await exchange('GET /api/vendor-taxonomy HTTP/1.1\r\nHost: x\r\n');
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      error: 'The request took too long to arrive. Please try again.',
      code: 'REQUEST_TIMEOUT',
    });
  });

  it('keeps an event stream open well past the request timeout', async () => {
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    let closed = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => (closed = true));
    socket.write(
      `GET /api/admin/user-requests/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nAuthorization: ${basic(TEST_ADMIN.username, TEST_ADMIN.password)}\r\n\r\n`,
    );
    try {
      while (!received.includes('event: ready')) {
        if (closed) throw new Error(`the stream closed before it was ready: ${received}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(parse(received).status).toBe(200);
      // Three request timeouts, each checked for by the server several times over.
      await new Promise((r) => setTimeout(r, 3 * REQUEST_TIMEOUT_MS));
      expect(closed).toBe(false);
      expect(received).not.toContain('408');
    } finally {
      socket.destroy();
    }
  });
});
