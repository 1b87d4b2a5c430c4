import { fakeServer, json } from '../testing/fake-server';
import { apiRequest, ApiError } from './client';

describe('apiRequest', () => {
  it('sends JSON with credentials and returns the parsed answer', async () => {
    const server = fakeServer({ 'POST /api/things': () => json({ success: true, data: { id: 7 } }) });
    const fetchSpy = vi.mocked(fetch);

    await expect(apiRequest('POST', '/api/things', { name: 'x' })).resolves.toEqual({
      success: true,
      data: { id: 7 },
    });
    expect(server.callsTo('POST /api/things')[0]?.body).toEqual({ name: 'x' });
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it("throws the server's readable error with its status and per-field messages", async () => {
    fakeServer({
      'POST /api/things': () =>
        json({ success: false, error: 'Name is required', fields: { name: 'Name is required' } }, 400),
    });

    const error = await apiRequest('POST', '/api/things', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Name is required', fields: { name: 'Name is required' } });
  });

  it("carries the server's stable code, and a card's decline code beside it", async () => {
    fakeServer({
      'POST /api/rsvp': () =>
        json({ success: false, error: 'The RSVP deadline has passed.', code: 'RSVP_DEADLINE_PASSED' }, 409),
      'POST /api/pay': () =>
        json(
          { success: false, error: 'Your card was declined.', code: 'PAYMENT_DECLINED', declineCode: 'card_declined' },
          402,
        ),
    });
    await expect(apiRequest('POST', '/api/rsvp', {})).rejects.toMatchObject({
      status: 409,
      code: 'RSVP_DEADLINE_PASSED',
      declineCode: null,
    });
    await expect(apiRequest('POST', '/api/pay', {})).rejects.toMatchObject({
      status: 402,
      code: 'PAYMENT_DECLINED',
      declineCode: 'card_declined',
    });
  });

  it("falls back to '{status}: {body or status text}' when the answer is not our JSON", async () => {
    fakeServer({ 'GET /api/plain': () => new Response('Bad gateway', { status: 502 }) });
    const error = await apiRequest('GET', '/api/plain').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: '502: Bad gateway', summary: '502: Bad gateway', code: null });

    fakeServer({ 'GET /api/empty': () => new Response('', { status: 503, statusText: 'Service Unavailable' }) });
    await expect(apiRequest('GET', '/api/empty')).rejects.toMatchObject({ message: '503: Service Unavailable' });
  });

  it('can answer null for a 401 when the caller asks', async () => {
    fakeServer({ 'GET /api/me': () => json({ success: false, error: 'Please sign in' }, 401) });
    await expect(apiRequest('GET', '/api/me', undefined, { on401: 'returnNull' })).resolves.toBeNull();
    await expect(apiRequest('GET', '/api/me')).rejects.toMatchObject({ status: 401, message: 'Please sign in' });
  });
});
