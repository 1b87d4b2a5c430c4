import request from 'supertest';
import { MIGRATIONS } from '../migrations';
import { ownRedis } from './support/own-redis';
import { createTestApp, createTestAppOnOwnPostgres, type TestApp } from './support/test-app';
import { eventually } from './support/eventually';

const METRICS_TOKEN = 'prometheus-scrapes-with-this-token';

describe('GET /api/health, /api/health/live and /api/health/ready', () => {
  let t: TestApp;
  let own: Awaited<ReturnType<typeof ownRedis>>;

  beforeAll(async () => {
    own = await ownRedis();
    t = await createTestApp({ env: { REDIS_URL: own.url, METRICS_TOKEN } });
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

  it('is ready while PostgreSQL and Redis answer and every migration is applied', async () => {
    await request(t.http).get('/api/health/live').expect(200, { success: true });
    const response = await request(t.http).get('/api/health/ready').expect(200);
    expect(response.body).toEqual({ success: true, data: { database: 'up', redis: 'up', migrations: 'applied' } });
  });

  it('is not ready, naming them, while a migration of backend/migrations is not applied', async () => {
    const last = MIGRATIONS[MIGRATIONS.length - 1].name;
    const connection = t.orm.em.getConnection();
    const [row] = await connection.execute<Array<Record<string, unknown>>>(
      'select * from mikro_orm_migrations where name = ?',
      [last],
    );
    await connection.execute('delete from mikro_orm_migrations where name = ?', [last]);
    try {
      const response = await request(t.http).get('/api/health/ready').expect(503);
      expect(response.body).toEqual({
        success: false,
        error: 'Not ready',
        code: 'UNAVAILABLE',
        data: { database: 'up', redis: 'up', migrations: 'pending', pending: [last] },
      });
    } finally {
      await connection.execute('insert into mikro_orm_migrations (id, name, executed_at) values (?, ?, ?)', [
        row.id,
        row.name,
        row.executed_at,
      ]);
    }
    await request(t.http).get('/api/health/ready').expect(200);
  });

  it('answers 503 naming Redis once Redis stops answering; still live, not ready', async () => {
    own.process().kill('SIGKILL');
    const response = await eventually(() => request(t.http).get('/api/health').expect(503));
    expect(response.body).toMatchObject({ success: false, data: { database: 'up', redis: 'down' } });
    await request(t.http).get('/api/health/live').expect(200, { success: true });
    const ready = await request(t.http).get('/api/health/ready').expect(503);
    expect(ready.body).toEqual({
      success: false,
      error: 'Not ready',
      code: 'UNAVAILABLE',
      data: { database: 'up', redis: 'down', migrations: 'applied' },
    });
  });

  it('still answers /metrics while Redis is away, the queue counts it cannot read as NaN', async () => {
    const response = await request(t.http).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
    // prom-client writes NaN as "Nan"; Prometheus reads either.
    expect(response.text).toContain('bullmq_queue_jobs{queue="email",state="waiting"} Nan');
    expect(response.text).toContain('scrape_reading_success{reading="queues"} 0');
    expect(response.text).toContain('scrape_reading_success{reading="outbox"} 1');
    expect(response.text).toContain('outbox_backlog 0');
  });

  it('answers 200 again once Redis is back', async () => {
    await own.start();
    await eventually(() => request(t.http).get('/api/health').expect(200));
    return request(t.http).get('/api/health/ready').expect(200);
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
      code: 'UNAVAILABLE',
      data: { database: 'down', redis: 'up' },
    });

    await postgres.start();
    await eventually(() => request(t.http).get('/api/health').expect(200));
  });
});
