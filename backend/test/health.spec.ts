import request from 'supertest';
import { ownRedis } from './support/own-redis';
import { createTestApp, createTestAppOnOwnPostgres, type TestApp } from './support/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  let own: Awaited<ReturnType<typeof ownRedis>>;

  beforeAll(async () => {
    own = await ownRedis();
    t = await createTestApp({ env: { REDIS_URL: own.url } });
  });
  afterAll(async () => {
    // Closed while Redis answers: a queue closing against a dead Redis can wait out its retries.
    await t.close().catch(() => undefined);
    own.process().kill('SIGKILL');
  });

  it('answers 200 while PostgreSQL and Redis both answer', async () => {
    const response = await request(t.http).get('/api/health').expect(200);
    expect(response.body).toEqual({ success: true, data: { database: 'up', redis: 'up' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers 503 naming Redis once Redis stops answering', async () => {
    own.process().kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    const response = await request(t.http).get('/api/health').expect(503);
    expect(response.body).toMatchObject({ success: false, data: { database: 'up', redis: 'down' } });
  });

  it('answers 200 again once Redis is back', async () => {
    await own.start();
    for (let i = 0; i < 50; i += 1) {
      const { status } = await request(t.http).get('/api/health');
      if (status === 200) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('health did not recover');
  });
});

describe('GET /api/health while PostgreSQL is down', () => {
  let own: Awaited<ReturnType<typeof createTestAppOnOwnPostgres>>;
  let t: TestApp;
  let postgres: typeof own.postgres;

  beforeAll(async () => {
    own = await createTestAppOnOwnPostgres('mf_test_health');
    ({ t, postgres } = own);
  }, 60_000);
  afterAll(() => own?.close());

  it('answers 503 naming the database while PostgreSQL is stopped, and 200 once it is back', async () => {
    await request(t.http).get('/api/health').expect(200);

    await postgres.stop();
    const response = await request(t.http).get('/api/health').expect(503);
    expect(response.body).toEqual({
      success: false,
      error: 'Service unavailable',
      data: { database: 'down', redis: 'up' },
    });

    await postgres.start();
    for (let i = 0; ; i += 1) {
      const { status } = await request(t.http).get('/api/health');
      if (status === 200) return;
      if (i >= 50) throw new Error('health did not recover');
      await new Promise((r) => setTimeout(r, 100));
    }
  });
});
