import { fakeServer, json } from '../testing/fake-server';
import {
  ADMIN_AUTH_KEY,
  adminDownload,
  adminRequest,
  adminSignIn,
  basicHeader,
  onAdminAuthExpired,
} from './admin-client';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('admin client', () => {
  it('keeps the header in sessionStorage only after the server accepts the credentials', async () => {
    fakeServer({ 'GET /api/admin/auth': () => json({ success: true }) });
    await adminSignIn('admin', 'secret-pass');
    expect(sessionStorage.getItem(ADMIN_AUTH_KEY)).toBe(basicHeader('admin', 'secret-pass'));
    expect(localStorage.getItem(ADMIN_AUTH_KEY)).toBeNull();
  });

  it("says 'Invalid credentials' on a 401 and 'Login failed. Please try again.' when the network fails", async () => {
    fakeServer({ 'GET /api/admin/auth': () => json({ success: false, error: 'Invalid credentials' }, 401) });
    await expect(adminSignIn('admin', 'nope')).rejects.toThrow('Invalid credentials');
    expect(sessionStorage.getItem(ADMIN_AUTH_KEY)).toBeNull();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(adminSignIn('admin', 'nope')).rejects.toThrow('Login failed. Please try again.');
  });

  it('tells a suspended account so, in the server’s words, and keeps nothing', async () => {
    const suspended = 'This staff account is suspended. Please ask an owner to reactivate it.';
    fakeServer({
      'GET /api/admin/auth': () => json({ success: false, error: suspended, code: 'ACCOUNT_SUSPENDED' }, 401),
    });
    await expect(adminSignIn('door', 'right-password')).rejects.toThrow(suspended);
    expect(sessionStorage.getItem(ADMIN_AUTH_KEY)).toBeNull();
  });

  it('sends the stored header and answers the data', async () => {
    const server = fakeServer({ 'GET /api/admin/waitlist': () => json({ data: [], total: 0 }) });
    sessionStorage.setItem(ADMIN_AUTH_KEY, 'Basic abc');
    await expect(adminRequest('GET', '/api/admin/waitlist')).resolves.toEqual({ data: [], total: 0 });
    const fetchMock = vi.mocked(fetch);
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Basic abc');
    expect(server.callsTo('GET /api/admin/waitlist')).toHaveLength(1);
  });

  it("answers 'Not authenticated' without calling the server when nothing is stored", async () => {
    const server = fakeServer({});
    await expect(adminRequest('GET', '/api/admin/waitlist')).rejects.toThrow('Not authenticated');
    expect(server.requests).toHaveLength(0);
  });

  it("clears the credentials and signs the page out with 'Authentication expired' on a 401", async () => {
    fakeServer({ 'GET /api/admin/waitlist': () => json({ success: false, error: 'Invalid credentials' }, 401) });
    sessionStorage.setItem(ADMIN_AUTH_KEY, 'Basic old');
    const heard: string[] = [];
    const stop = onAdminAuthExpired((message) => heard.push(message));
    await expect(adminRequest('GET', '/api/admin/waitlist')).rejects.toThrow('Authentication expired');
    stop();
    expect(heard).toEqual(['Authentication expired']);
    expect(sessionStorage.getItem(ADMIN_AUTH_KEY)).toBeNull();
  });

  it("shows the server's readable error, or 'Request failed' when it gave none", async () => {
    fakeServer({
      'GET /api/admin/a': () => json({ success: false, error: 'Vendor name is required' }, 400),
      'GET /api/admin/b': () => new Response('<html>bad gateway</html>', { status: 502 }),
    });
    sessionStorage.setItem(ADMIN_AUTH_KEY, 'Basic abc');
    await expect(adminRequest('GET', '/api/admin/a')).rejects.toThrow('Vendor name is required');
    await expect(adminRequest('GET', '/api/admin/b')).rejects.toThrow('Request failed');
  });

  it('downloads a file by following a single-use link, so the browser streams it instead of the page holding it', async () => {
    const url = '/api/admin/waitlist/export?token=waitlist-export.a.1.n.sig';
    const server = fakeServer({ 'POST /api/admin/waitlist/export-link': () => json({ success: true, data: { url } }) });
    sessionStorage.setItem(ADMIN_AUTH_KEY, 'Basic abc');
    const followed: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this);
    });
    await adminDownload('/api/admin/waitlist/export-link');
    expect(followed).toHaveLength(1);
    expect(followed[0].getAttribute('href')).toBe(url);
    expect(followed[0].hasAttribute('download')).toBe(true);
    expect(followed[0].isConnected).toBe(false);
    // The file itself never goes through fetch.
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/admin/waitlist/export-link']);
    const init = vi.mocked(fetch).mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Basic abc');
  });

  it("does not download and signs out with 'Authentication expired' when the link is refused", async () => {
    fakeServer({
      'POST /api/admin/waitlist/export-link': () => json({ success: false, error: 'Invalid credentials' }, 401),
    });
    sessionStorage.setItem(ADMIN_AUTH_KEY, 'Basic old');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await expect(adminDownload('/api/admin/waitlist/export-link')).rejects.toThrow('Authentication expired');
    expect(click).not.toHaveBeenCalled();
  });
});
