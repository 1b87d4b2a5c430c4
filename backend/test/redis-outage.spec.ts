import { spawn, type ChildProcess } from 'node:child_process';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require('../../infra/lib/services.cjs');

const signUp = { email: 'ada@example.com', consent: true, timestamp: '2026-11-22T10:00:00.000Z' };

describe('public writes while Redis is down', () => {
  let t: TestApp;
  let redis: ChildProcess;
  let port: number;

  // A Redis of this test's own, so it can be stopped without touching anyone else's.
  async function startRedis(): Promise<void> {
    redis = spawn(
      services.which('redis-server') ?? 'redis-server',
      ['--port', String(port), '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const url = `redis://127.0.0.1:${port}`;
    for (let i = 0; i < 50 && !(await services.redisAnswers(url)); i += 1) await new Promise((r) => setTimeout(r, 100));
  }

  beforeAll(async () => {
    port = await services.freePort();
    await startRedis();
    t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    await t.reset();
  });
  afterAll(async () => {
    if (redis.exitCode !== null || redis.signalCode !== null) await startRedis();
    await t.close().catch(() => undefined);
    redis.kill('SIGKILL');
  });

  const entries = async () => {
    const [{ n }] = await t.orm.em
      .getConnection()
      .execute<Array<{ n: number }>>('select count(*)::int as n from waitlist_entries');
    return n;
  };

  it('answers 503 with a readable error within seconds, and works again once Redis is back', async () => {
    await request(t.http).post('/api/waitlist').send(signUp).expect(200);

    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));

    for (const [path, body] of [
      ['/api/waitlist', { ...signUp, email: 'grace@example.com' }],
      ['/api/analytics/events', { events: [{ name: 'page_view', path: '/' }] }],
    ] as const) {
      const started = Date.now();
      const response = await request(t.http).post(path).send(body).expect(503);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(response.body).toEqual({
        success: false,
        error: 'The service is briefly unavailable. Please try again in a moment.',
      });
    }
    expect(await entries()).toBe(1);

    await startRedis();
    for (let i = 0; ; i += 1) {
      const { status } = await request(t.http)
        .post('/api/waitlist')
        .send({ ...signUp, email: 'grace@example.com' });
      if (status === 200) break;
      if (i >= 50) throw new Error(`waitlist did not recover (last status ${status})`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await entries()).toBe(2);
  });

  it('answers 503 within seconds when Redis stalls without closing the connection', async () => {
    redis.kill('SIGSTOP');
    try {
      const started = Date.now();
      const response = await request(t.http)
        .post('/api/waitlist')
        .send({ ...signUp, email: 'hedy@example.com' })
        .expect(503);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(response.body.error).toBe('The service is briefly unavailable. Please try again in a moment.');
    } finally {
      redis.kill('SIGCONT');
    }
  });
});
