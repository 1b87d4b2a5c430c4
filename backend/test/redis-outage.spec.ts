import { EntityManager } from '@mikro-orm/postgresql';
import request from 'supertest';

import { OutboxService } from '../src/platform/queue/outbox.service';
import { QueueName } from '../src/platform/queue/queue-names';
import { ownRedis } from './support/own-redis';
import { createTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/eventually';

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
      // Answered while Redis is still down (it restarts below): a request waiting for it would
      // never answer, and fail the test at Jest's timeout.
      const response = await request(t.http).post(path).send(body).expect(503);
      expect(response.body).toEqual({
        success: false,
        error: 'The service is briefly unavailable. Please try again in a moment.',
        code: 'UNAVAILABLE',
      });
    }
    expect(await entries()).toBe(1);

    await own.start();
    await eventually(async () => {
      const { status } = await request(t.http)
        .post('/api/waitlist')
        .send({ ...signUp, email: 'grace@example.com' });
      expect(status).toBe(200);
    });
    expect(await entries()).toBe(2);
  });

  it('answers 503 within seconds when Redis stalls without closing the connection', async () => {
    own.process().kill('SIGSTOP');
    try {
      // Answered while Redis is still stopped (it resumes only after): the command timeout, not
      // Redis, ends the wait.
      const response = await request(t.http)
        .post('/api/waitlist')
        .send({ ...signUp, email: 'hedy@example.com' })
        .expect(503);
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
    // Transactions in the test database waiting on their client (the relay waiting on Redis with
    // its rows claimed), each known by its connection and its start: the relay claims the row
    // again soon after giving it back, and that is another transaction.
    const waitingTransactions = () =>
      em.execute<Array<{ pid: number; started: string }>>(
        `select pid, xact_start::text as started
           from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
    const until = async (what: string, done: () => Promise<boolean>) => {
      // A condition never met fails the test at its own timeout, not before.
      await eventually(async () => expect(await done()).toBe(true), { timeoutMs: Infinity, everyMs: 50 });
      return what;
    };

    own.process().kill('SIGSTOP');
    let message: { id: string };
    try {
      message = await em.transactional((tx) =>
        t.app.get(OutboxService).add(tx, 'waitlist.welcome', { entryId: entry.id }),
      );
      // The relay claims the row and waits on Redis inside its transaction, then gives the row
      // back while Redis is still stalled: its wait is bounded by its own limit, not by Redis.
      let claim: { pid: number; started: string } | undefined;
      await until('claimed', async () => ([claim] = await waitingTransactions()).length > 0);
      await until('given back', async () =>
        (await waitingTransactions()).every((w) => w.pid !== claim?.pid || w.started !== claim.started),
      );
      const [{ count: unclaimed }] = await em.execute<Array<{ count: number }>>(
        `select count(*)::int as count from outbox_messages where id = ? and dispatched_at is null`,
        [message.id],
      );
      expect(unclaimed).toBe(1);
    } finally {
      own.process().kill('SIGCONT');
    }

    await t.drainOutbox();
    const jobs = await t.queue(QueueName.Email).getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    expect(jobs.filter((job) => job.data.entryId === entry.id).map((job) => job.id)).toEqual([message.id]);
  }, 30_000);
});
