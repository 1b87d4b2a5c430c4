import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/**
 * Replaces fetch at the network edge with a tiny router of fake responses.
 * Unhandled paths answer 404 in the server's error shape; analytics beacons answer 202.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { url, method, body };
    requests.push(request);
    const path = new URL(url, 'http://localhost').pathname;
    const handler = handlers[`${method} ${path}`];
    if (handler) return handler(request);
    if (path === '/api/analytics/events') return json({ success: true }, 202);
    return json({ success: false, error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Requests to one endpoint, e.g. 'POST /api/waitlist'. */
    callsTo: (route: string) =>
      requests.filter((request) => `${request.method} ${new URL(request.url, 'http://localhost').pathname}` === route),
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
