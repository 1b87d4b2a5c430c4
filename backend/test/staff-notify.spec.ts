import type { Job } from 'bullmq';
import { ThreadsService } from '../src/modules/concierge/threads/threads.service';
import { RequestsService } from '../src/modules/requests/requests.service';
import { readable } from './support/launch-party-fixtures';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

const DESK = 'desk@maisonfortuna.test';
const CITIES = ['Paris', 'Monaco', 'London', 'Milan', 'Geneva', 'Vienna', 'Madrid', 'Lisbon', 'Rome', 'Zurich'];

/**
 * Issue 19, section 4: staff hear of new requests and hand-offs by email to ADMIN_NOTIFY_EMAIL,
 * batched (ten requests in a minute make one email). The digest is a delayed job at the end of its
 * minute; the test moves it on itself (job.promote()) instead of waiting for the clock.
 */
describe('staff are emailed a digest of new requests and hand-offs (issue 19, section 4)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;

  async function boot(env: Record<string, string>) {
    t = await createTestApp({ worker: true, env: { SMTP_URL: smtp.url, ...env } });
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp.close();
  });

  /** The member asks in the chat of their own session: a new request each. */
  async function ask(city: string): Promise<string> {
    const id = await t.app
      .get(RequestsService)
      .recordFromChat(crypto.randomUUID(), `Please book a table for two at a fine restaurant in ${city} tomorrow`);
    expect(id).toEqual(expect.any(String));
    return id as string;
  }

  /** The digests planned so far (delayed), latest window first. */
  async function digests(): Promise<Job[]> {
    await t.drain();
    const delayed = await t.queue('email').getDelayed();
    return delayed
      .filter((job) => job.name === 'staff.digest')
      .sort((a, b) => (b.data as { minute: number }).minute - (a.data as { minute: number }).minute);
  }

  /** Runs every planned digest, the latest window first (it takes every window up to its own), then the rest. */
  async function runDigests(): Promise<number> {
    const jobs = await digests();
    for (const job of jobs) {
      await job.promote();
      await t.drain();
    }
    return jobs.length;
  }

  describe('with ADMIN_NOTIFY_EMAIL set', () => {
    beforeAll(() => boot({ ADMIN_NOTIFY_EMAIL: DESK }));
    beforeEach(async () => {
      await t.reset();
      smtp.received.length = 0;
    });
    afterAll(() => t.close());

    it('sends one email for ten requests and a hand-off that came in together, naming each once; a later request makes a second', async () => {
      for (const city of CITIES) await ask(city);
      const threads = t.app.get(ThreadsService, { strict: false });
      const thread = await threads.create(crypto.randomUUID(), {});
      await threads.handOff(thread.id);
      await threads.handOff(thread.id); // already with a person: no second notice

      const planned = await digests();
      // One job per minute window (the burst may straddle a minute's end), not one per request.
      expect(planned.length).toBeGreaterThanOrEqual(1);
      expect(planned.length).toBeLessThanOrEqual(2);
      expect(smtp.received).toHaveLength(0);

      expect(await runDigests()).toBe(planned.length);
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail.to).toEqual([DESK]);
      const body = readable(mail.raw);
      expect(body).toContain('10 new requests, 1 member asked for a person');
      for (const city of CITIES) {
        expect(body.split(`fine restaurant in ${city} tomorrow`).length - 1).toBe(2); // the HTML and the text part
      }
      expect(body).toContain('A member asked for a person');
      expect(body).toContain('/admin');

      // Nothing left to tell: the same jobs again send nothing more.
      for (const job of planned) await t.queue('email').add('staff.digest', job.data, { jobId: `again-${job.id}` });
      await t.drain();
      expect(smtp.received).toHaveLength(1);

      await ask('Florence');
      expect(await runDigests()).toBe(1);
      expect(smtp.received).toHaveLength(2);
      const second = readable(smtp.received[1].raw);
      expect(second).toContain('1 new request');
      expect(second).toContain('fine restaurant in Florence tomorrow');
      for (const city of CITIES) expect(second).not.toContain(`fine restaurant in ${city} tomorrow`);
      expect(second).not.toContain('asked for a person');
    });
  });

  describe('with ADMIN_NOTIFY_EMAIL empty', () => {
    beforeAll(() => boot({ ADMIN_NOTIFY_EMAIL: '' }));
    beforeEach(async () => {
      await t.reset();
      smtp.received.length = 0;
    });
    afterAll(() => t.close());

    it('sends the digest to the MAIL_FROM address, as every administrator notice', async () => {
      await ask('Paris');
      await ask('Monaco');
      await runDigests();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual(['concierge@maisonfortuna.local']);
      expect(readable(smtp.received[0].raw)).toContain('2 new requests');
    });
  });
});
