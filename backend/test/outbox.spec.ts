import { EntityManager } from '@mikro-orm/postgresql';
import { OutboxRelay } from '../src/platform/queue/outbox-relay.service';
import { OutboxService } from '../src/platform/queue/outbox.service';
import { QueueName } from '../src/platform/queue/queue-names';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

describe('the transactional outbox', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  beforeEach(async () => {
    await t.app.get(OutboxRelay).start();
    await t.reset();
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const outbox = () => t.app.get(OutboxService);
  const em = () => t.app.get(EntityManager).fork();
  const emailJobs = () => t.queue(QueueName.Email).getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);

  async function insertEntry(email: string): Promise<string> {
    const [row] = await em().execute<Array<{ id: string }>>(
      `insert into waitlist_entries (id, email, consent) values (gen_random_uuid(), ?, true) returning id`,
      [email],
    );
    return row.id;
  }

  it('enqueues a job once the transaction commits, with the row id as job id', async () => {
    const entryId = await insertEntry('commit@example.com');
    const message = await em().transactional((tx) => outbox().add(tx, 'waitlist.welcome', { entryId }));
    await t.drainOutbox();
    const jobs = await emailJobs();
    expect(jobs.map((j) => j.id)).toEqual([message.id]);
    expect(jobs[0].name).toBe('waitlist.welcome');
    expect(jobs[0].data).toEqual({ entryId });
  });

  it('enqueues nothing when the transaction rolls back', async () => {
    const entryId = await insertEntry('rollback@example.com');
    await expect(
      em().transactional(async (tx) => {
        await outbox().add(tx, 'waitlist.welcome', { entryId });
        throw new Error('the cause of the side effect failed');
      }),
    ).rejects.toThrow('the cause of the side effect failed');
    await t.app.get(OutboxRelay).drain();
    const [{ count }] = await em().execute<Array<{ count: number }>>(
      'select count(*)::int as count from outbox_messages',
    );
    expect(count).toBe(0);
    expect(await emailJobs()).toHaveLength(0);
  });

  it('refuses to write an outbox row outside a transaction', async () => {
    await expect(outbox().add(em(), 'waitlist.welcome', { entryId: 'x' })).rejects.toThrow(/inside a transaction/);
  });

  it('delivers exactly once when the relay stopped between commit and enqueue, then restarts', async () => {
    const relay = t.app.get(OutboxRelay);
    await relay.stop();
    const entryId = await insertEntry('crash@example.com');
    const message = await em().transactional((tx) => outbox().add(tx, 'waitlist.welcome', { entryId }));
    expect(await emailJobs()).toHaveLength(0);

    // The previous relay got as far as enqueueing before it died, without marking the row.
    await t.queue(QueueName.Email).add('waitlist.welcome', { entryId }, { jobId: message.id });

    await relay.start();
    await t.drainOutbox();
    const jobs = await emailJobs();
    expect(jobs).toHaveLength(1);
    const [{ dispatched }] = await em().execute<Array<{ dispatched: boolean }>>(
      'select dispatched_at is not null as dispatched from outbox_messages where id = ?',
      [message.id],
    );
    expect(dispatched).toBe(true);

    const worker = await createTestApp({ worker: true, env: { SMTP_URL: smtp.url } });
    try {
      await worker.drain();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual(['crash@example.com']);
    } finally {
      await worker.close();
    }
  });
});
