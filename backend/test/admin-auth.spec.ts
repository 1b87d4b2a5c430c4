import type Redis from 'ioredis';
import request from 'supertest';
import { AdminAuthService } from '../src/modules/admin/admin-auth.service';
import { MetricsRegistry } from '../src/platform/metrics/metrics-registry';
import { REDIS } from '../src/platform/redis/redis.module';
import { asAdmin, basic, TEST_ADMIN } from './support/admin';
import { registeredRoutes } from './support/routes';
import { createTestApp, type TestApp } from './support/test-app';

interface Argon2Runs {
  hash: number;
  verify: number;
}

/** The argon2 runs the api made so far, read from its metric: a count, not a time. */
async function argon2Runs(t: TestApp): Promise<Argon2Runs> {
  const metric = await t.app.get(MetricsRegistry).getSingleMetric('admin_password_argon2_runs_total')!.get();
  const count = (operation: string) => metric.values.find((v) => v.labels.operation === operation)?.value ?? 0;
  return { hash: count('hash'), verify: count('verify') };
}

/** The argon2 runs one refused sign-in costs: the machine-independent price of an attempt. */
async function argon2Cost(t: TestApp, authorization: string): Promise<Argon2Runs> {
  const before = await argon2Runs(t);
  await request(t.http).get('/api/admin/auth').set('Authorization', authorization).expect(401);
  const after = await argon2Runs(t);
  return { hash: after.hash - before.hash, verify: after.verify - before.verify };
}

/** A concrete URL for a route pattern (":id" and friends filled in). */
function concrete(path: string): string {
  return path
    .replace(/:[A-Za-z0-9_]+/g, '00000000-0000-4000-8000-000000000000')
    .replace(/\{\*[^}]+\}|\*[A-Za-z0-9_]*/g, 'x');
}

describe('Administrator sign-in', () => {
  let t: TestApp;
  let redis: Redis;
  let header: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: TEST_ADMIN.password } });
    redis = t.app.get<Redis>(REDIS);
  });
  beforeEach(async () => {
    await t.reset();
    header = await asAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const clearSignInCounters = async () => {
    const keys = await redis.keys(`${process.env.REDIS_PREFIX}:rl:admin-login:*`);
    if (keys.length) await redis.del(...keys);
  };

  it('lets the administrator in with the right username and password', async () => {
    await request(t.http).get('/api/admin/auth').set('Authorization', header).expect(200, { success: true });
  });

  it('stores the password only as an argon2id hash with OWASP parameters', async () => {
    const [row] = await t.orm.em
      .getConnection()
      .execute<Array<{ password_hash: string }>>(`select password_hash from admins where username = 'admin'`);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, m, tc] = /m=(\d+),t=(\d+)/.exec(row.password_hash)!;
    expect(Number(m)).toBeGreaterThanOrEqual(19456);
    expect(Number(tc)).toBeGreaterThanOrEqual(2);
    expect(row.password_hash).not.toContain(TEST_ADMIN.password);
  });

  it.each([
    ['a wrong password', basic('admin', 'not-the-password')],
    ['an unknown username', basic('nobody', 'whatever-password')],
    ['no credentials', undefined],
    ['a malformed header', 'Basic %%%'],
    ['another scheme', 'Bearer abc'],
  ])('refuses %s with "Invalid credentials"', async (_label, value) => {
    const call = request(t.http).get('/api/admin/auth');
    if (value) call.set('Authorization', value);
    const response = await call.expect(401);
    expect(response.body).toEqual({ success: false, error: 'Invalid credentials', code: 'UNAUTHORIZED' });
    // No browser prompt on API calls: the admin screen shows its own form.
    expect(response.headers['www-authenticate']).toBeUndefined();
  });

  it('does the same argon2 work for an unknown username as for a wrong password, so usernames cannot be guessed', async () => {
    const wrong: Argon2Runs[] = [];
    const unknown: Argon2Runs[] = [];
    for (let i = 0; i < 3; i++) {
      await clearSignInCounters();
      wrong.push(await argon2Cost(t, basic('admin', `wrong-${i}`)));
      unknown.push(await argon2Cost(t, basic(`ghost-${i}`, `wrong-${i}`)));
    }
    // One argon2id verification each (an early exit would show as none), and nothing else.
    expect(wrong).toEqual(Array(3).fill({ hash: 0, verify: 1 }));
    expect(unknown).toEqual(wrong);
  });

  it('blocks a username after 10 failed sign-ins with a readable 429', async () => {
    for (let i = 0; i < 10; i++) {
      await request(t.http)
        .get('/api/admin/auth')
        .set('Authorization', basic('admin', `guess-${i}`))
        .expect(401);
    }
    const blocked = await request(t.http)
      .get('/api/admin/auth')
      .set('Authorization', basic('admin', 'guess-10'))
      .expect(429);
    expect(blocked.body).toEqual({
      success: false,
      error: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another username from the same address can still try (the address limit is higher).
    await request(t.http).get('/api/admin/auth').set('Authorization', basic('someone', 'guess')).expect(401);
  });

  it('blocks an address after 20 failed sign-ins, whatever the usernames', async () => {
    for (let i = 0; i < 20; i++) {
      await request(t.http)
        .get('/api/admin/auth')
        .set('Authorization', basic(`user-${i}`, 'guess'))
        .expect(401);
    }
    const blocked = await request(t.http)
      .get('/api/admin/auth')
      .set('Authorization', basic('user-20', 'guess'))
      .expect(429);
    expect(blocked.body.error).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
  });

  it.each([
    ['one username', (i: number) => basic('admin', `parallel-${i}`), 10],
    ['many usernames', (i: number) => basic(`user-${i}`, 'parallel'), 20],
  ])(
    'counts parallel guesses before checking them: of 30 at once for %s, only the limit are checked, the rest answer 429',
    async (_label, header, limit) => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => request(t.http).get('/api/admin/auth').set('Authorization', header(i))),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - limit);
      expect(answers.find((answer) => answer.status === 429)!.body.error).toBe(
        'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
      );
    },
  );

  it('guards every route under /api/admin: 401 without credentials and with wrong ones', async () => {
    const routes = registeredRoutes(t).filter((r) => r.path === '/api/admin' || r.path.startsWith('/api/admin/'));
    // The sweep must see the real routes, including the ones added by later modules.
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/auth', 'GET /api/admin/waitlist', 'PUT /api/admin/maintenance']),
    );
    const failures: string[] = [];
    for (const route of routes) {
      const url = concrete(route.path);
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const anonymous = await request(t.http)[method](url).send({});
      if (anonymous.status !== 401)
        failures.push(`${route.method} ${route.path} without credentials: ${anonymous.status}`);
      await clearSignInCounters();
      const wrong = await request(t.http)[method](url).set('Authorization', basic('admin', 'wrong-password')).send({});
      if (wrong.status !== 401) failures.push(`${route.method} ${route.path} with a wrong password: ${wrong.status}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('Sign-in limits across addresses and processes', () => {
  const env = { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: TEST_ADMIN.password, TRUST_PROXY: '1' };
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp({ env });
    // A second api process: the same database and Redis, none of the first one's memory.
    second = await createTestApp({ env });
  });
  beforeEach(async () => {
    await first.reset();
    await asAdmin(first);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  const from = (app: TestApp, address: string, header: string) =>
    request(app.http).get('/api/admin/auth').set('X-Forwarded-For', address).set('Authorization', header);
  const right = basic(TEST_ADMIN.username, TEST_ADMIN.password);

  it('forgets the failed attempts of the address and of the username once the administrator signs in', async () => {
    // An administrator no process has verified yet, so the sign-in takes the full path.
    await first.app.get(AdminAuthService).insertIfAbsent('curator', 'curator-password-456');
    for (let i = 0; i < 9; i++) await from(first, '203.0.113.9', basic('curator', `typo-${i}`)).expect(401);
    for (let i = 0; i < 10; i++) await from(first, '203.0.113.9', basic(`someone-${i}`, 'typo')).expect(401);
    await from(first, '203.0.113.9', basic('curator', 'curator-password-456')).expect(200);
    // The address has its full allowance again: twenty failures, then 429.
    for (let i = 0; i < 20; i++) await from(first, '203.0.113.9', basic(`other-${i}`, 'typo')).expect(401);
    await from(first, '203.0.113.9', basic('other-20', 'typo')).expect(429);
    // So has the username, from anywhere else: ten failures, then 429.
    for (let i = 0; i < 10; i++) await from(first, `198.51.100.${i}`, basic('curator', `again-${i}`)).expect(401);
    await from(first, '198.51.100.10', basic('curator', 'again-10')).expect(429);
  });

  it('keeps the administrator in from an address they signed in from while failures from elsewhere block the username', async () => {
    await from(first, '203.0.113.7', right).expect(200);
    // Ten failures from ten addresses, none over its own address limit.
    for (let i = 0; i < 10; i++) await from(second, `198.51.100.${i}`, basic('admin', `spray-${i}`)).expect(401);
    await from(second, '198.51.100.10', basic('admin', 'spray-10')).expect(429);
    // Even the right password is refused from a new address while the username is blocked...
    await from(second, '192.0.2.55', right).expect(429);
    // ...but not from the address the administrator uses.
    await from(second, '203.0.113.7', right).expect(200);
  });

  // Administrators of their own: no process has their credentials in memory, and counters left
  // blocking them cannot reach the tests that follow.
  it('never locks a known device out: the browser the administrator signed in with gets in from any address', async () => {
    await first.app.get(AdminAuthService).insertIfAbsent('steward', 'steward-password-789');
    const steward = basic('steward', 'steward-password-789');
    const signIn = await from(first, '203.0.113.7', steward).expect(200);
    const device = String(signIn.headers['set-cookie']).split(';')[0];
    expect(device).toMatch(/^mf_admin_device=v1\./);
    expect(String(signIn.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(signIn.headers['set-cookie'])).toMatch(/SameSite=Strict/i);
    for (let i = 0; i < 10; i++) await from(second, `198.51.100.${i}`, basic('steward', `spray-${i}`)).expect(401);
    await from(second, '192.0.2.80', steward).expect(429);
    // A tampered cookie is no device of ours.
    const forged = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await from(second, '192.0.2.82', steward).set('Cookie', forged).expect(429);
    // The known device, on a new address (a phone on another network): in.
    await from(second, '192.0.2.81', steward).set('Cookie', device).expect(200);
  });

  it("does not let one administrator's device skip another's limit", async () => {
    await first.app.get(AdminAuthService).insertIfAbsent('curator', 'curator-password-456');
    await first.app.get(AdminAuthService).insertIfAbsent('warden', 'warden-password-321');
    const signIn = await from(first, '203.0.113.8', basic('curator', 'curator-password-456')).expect(200);
    const device = String(signIn.headers['set-cookie']).split(';')[0];
    for (let i = 0; i < 10; i++) await from(second, `198.51.100.${i}`, basic('warden', `spray-${i}`)).expect(401);
    await from(second, '192.0.2.83', basic('warden', 'warden-password-321')).set('Cookie', device).expect(429);
  });
});

describe('The first unknown username after boot', () => {
  it('costs no more than any later one (the dummy hash is made at boot)', async () => {
    const t = await createTestApp({ env: { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: TEST_ADMIN.password } });
    try {
      const cost = (value: string) => argon2Cost(t, value);
      // Boot hashed the dummy password (and the configured administrator's) before any request.
      expect((await argon2Runs(t)).hash).toBeGreaterThanOrEqual(1);
      const wrongPassword = await cost(basic('admin', 'not-the-password'));
      const first = await cost(basic('ghost-1', 'whatever-password'));
      const later = [await cost(basic('ghost-2', 'whatever')), await cost(basic('ghost-3', 'whatever'))];
      // One verification each, and no hashing: hashing the dummy on first use would show here.
      expect(first).toEqual({ hash: 0, verify: 1 });
      expect(later).toEqual([first, first]);
      expect(wrongPassword).toEqual(first);
    } finally {
      await t.close();
    }
  });
});

describe('The first administrator at boot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('generates a password when none is configured, prints it once, and creates one admin even when several processes boot at once', async () => {
    await t.reset();
    const printed: string[] = [];
    const original = process.stdout.write.bind(process.stdout);
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      const service = t.app.get(AdminAuthService);
      await Promise.all([service.ensureBootAdmin(), service.ensureBootAdmin(), service.ensureBootAdmin()]);
    } finally {
      spy.mockRestore();
      void original;
    }
    const rows = await t.orm.em.getConnection().execute<Array<{ username: string }>>('select username from admins');
    expect(rows).toEqual([{ username: 'admin' }]);
    const banners = printed.filter((p) => p.includes('password:'));
    expect(banners).toHaveLength(1);
    const password = /password: (\S+)/.exec(banners[0])![1];
    expect(password.length).toBeGreaterThanOrEqual(20);
    await request(t.http).get('/api/admin/auth').set('Authorization', basic('admin', password)).expect(200);
  });
});
