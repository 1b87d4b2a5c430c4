import { EntityManager } from '@mikro-orm/postgresql';
import request from 'supertest';
import { OUTBOX_REDIS_WAIT_MS } from '../src/platform/queue/outbox-relay.service';
import { OutboxService } from '../src/platform/queue/outbox.service';
import { QueueName } from '../src/platform/queue/queue-names';
import { ownRedis } from './support/own-redis';
import { createTestApp, type TestApp } from './support/test-app';

const signUp = { email: 'ada@example.com', consent: true, timestamp: '2026-11-22T10:00:00.000Z' };

describe('public writes while Redis is down', () => {
  let t: TestApp;
  let own: Awaited<ReturnType<typeof ownRedis>>;

  beforeAll(async () => {
    own = await ownRedis();
    t = await createTestApp({ env: { REDIS_URL: own.url } });
    await t.reset();
  });
  afterAll(async () => {
    if (own.process().exitCode !== null || own.process().signalCode !== null) await own.start();
    await t.close().catch(() => undefined);
    own.process().kill('SIGKILL');
  });

  const entries = async () => {
    const [{ n }] = await t.orm.em
      .getConnection()
      .execute<Array<{ n: number }>>('select count(*)::int as n from waitlist_entries');
    return n;
  };

  it('answers 503 with a readable error within seconds, and works again once Redis is back', async () => {
    await request(t.http).post('/api/waitlist').send(signUp).expect(200);

    own.process().kill('SIGKILL');
    await new Promise((r) => own.process().once('exit', r));

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

    await own.start();
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
    own.process().kill('SIGSTOP');
    try {
      const started = Date.now();
      const response = await request(t.http)
        .post('/api/waitlist')
        .send({ ...signUp, email: 'hedy@example.com' })
        .expect(503);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(response.body.error).toBe('The service is briefly unavailable. Please try again in a moment.');
    } finally {
      own.process().kill('SIGCONT');
    }
  });

  it('never keeps the outbox rows locked in an open transaction while Redis stalls; the job moves once it answers', async () => {
    const em = t.app.get(EntityManager).fork();
    const [entry] = await em.execute<Array<{ id: string }>>(
      `insert into waitlist_entries (id, email, consent) values (gen_random_uuid(), 'ida@example.com', true) returning id`,
    );
    // The longest-open transaction in the test database that is waiting on its client (the relay
    // waiting on Redis with its rows claimed), in ms.
    const longestWait = async () => {
      const [{ ms }] = await em.execute<Array<{ ms: number }>>(
        `select coalesce(max(extract(epoch from clock_timestamp() - xact_start)) * 1000, 0)::int as ms
           from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      return ms;
    };

    own.process().kill('SIGSTOP');
    let message: { id: string };
    let longest = 0;
    try {
      message = await em.transactional((tx) =>
        t.app.get(OutboxService).add(tx, 'waitlist.welcome', { entryId: entry.id }),
      );
      const until = Date.now() + OUTBOX_REDIS_WAIT_MS + 4000;
      while (Date.now() < until) {
        longest = Math.max(longest, await longestWait());
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      own.process().kill('SIGCONT');
    }
    // The relay did claim the row and wait on Redis, and gave it back within its bound.
    expect(longest).toBeGreaterThan(500);
    expect(longest).toBeLessThan(OUTBOX_REDIS_WAIT_MS + 1500);

    await t.drainOutbox();
    const jobs = await t.queue(QueueName.Email).getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    expect(jobs.filter((job) => job.data.entryId === entry.id).map((job) => job.id)).toEqual([message.id]);
  }, 30_000);
});
