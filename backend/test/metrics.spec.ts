import request from 'supertest';
import { OutboxRelay } from '../src/platform/queue/outbox-relay.service';
import { asAdmin } from './support/admin';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require('../../infra/lib/services.cjs');

const TOKEN = 'prometheus-scrapes-with-this-token';
const signUp = { email: 'ada@example.com', consent: true, timestamp: '2026-11-22T10:00:00.000Z' };

/** The value of one series in Prometheus text, e.g. `outbox_backlog` or `email_deliveries{status="sent"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let workerMetrics: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const port: number = await services.freePort();
    workerMetrics = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      worker: true,
      env: { SMTP_URL: smtp.url, METRICS_TOKEN: TOKEN, METRICS_PORT: String(port) },
    });
  });
  beforeEach(async () => {
    await t.reset();
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const scrape = async () =>
    (await request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
  const scrapeWorker = async () => {
    const response = await fetch(`${workerMetrics}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const welcomeJobs = (text: string, outcome: string) =>
    sample(text, `bullmq_job_duration_seconds_count{queue="email",job_name="waitlist.welcome",outcome="${outcome}"}`) ??
    0;

  it('refuses a request without credentials, or with a wrong token, in the JSON error shape', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', 'Basic YWRtaW46d3Jvbmc=']) {
      const call = request(t.http).get('/metrics');
      if (authorization) void call.set('Authorization', authorization);
      const response = await call.expect(401);
      expect(response.body).toEqual({ success: false, error: 'Invalid credentials', code: 'UNAUTHORIZED' });
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
    }
  });

  it('answers Prometheus text to an administrator and to the METRICS_TOKEN bearer', async () => {
    const admin = await request(t.http)
      .get('/metrics')
      .set('Authorization', await asAdmin(t))
      .expect(200);
    expect(admin.headers['content-type']).toMatch(/^text\/plain;.* version=0\.0\.4/);
    expect(admin.headers['cache-control']).toBe('no-store');
    expect(admin.text).toContain('# TYPE http_request_duration_seconds histogram');
    const bearer = await request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(bearer.text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(bearer.text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('times requests by route template and status, never by the path a client sent', async () => {
    await request(t.http).post('/api/waitlist').send(signUp).expect(200);
    await request(t.http).get('/api/invitations/not-a-real-code-5f3a9c').expect(404);
    await request(t.http).get('/api/no-such-route-7d1e').expect(404);
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/waitlist",status_code="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/invitations/:code",status_code="404"}',
      ),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="(unmatched)",status_code="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('not-a-real-code-5f3a9c');
    expect(text).not.toContain('no-such-route-7d1e');
  });

  it('reports queue counts, email deliveries by status and, from the worker, the jobs it ran', async () => {
    const before = welcomeJobs(await scrapeWorker(), 'completed');
    await request(t.http).post('/api/waitlist').send(signUp).expect(200);
    await t.drain();
    expect(smtp.received).toHaveLength(1);

    const text = await scrape();
    for (const queue of [
      'email',
      'image-generation',
      'request-parsing',
      'member-messages',
      'stripe-webhooks',
      'maintenance',
    ]) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(sample(text, `bullmq_queue_jobs{queue="${queue}",state="${state}"}`)).toBe(0);
      }
    }
    expect(sample(text, 'email_deliveries{status="sent"}')).toBe(1);
    expect(sample(text, 'email_deliveries{status="failed"}')).toBe(0);
    expect(sample(text, 'scrape_reading_success{reading="queues"}')).toBe(1);

    const workerText = await scrapeWorker();
    expect(welcomeJobs(workerText, 'completed') - before).toBe(1);
    expect(workerText).toContain('# TYPE process_resident_memory_bytes gauge');
    // The stores' gauges come from the api alone: each worker would repeat the same numbers.
    expect(workerText).not.toContain('bullmq_queue_jobs{');
  });

  it('counts a job’s failed tries by job name in the worker', async () => {
    const failures = (text: string) =>
      sample(text, 'bullmq_job_failures_total{queue="email",job_name="waitlist.welcome"}') ?? 0;
    const before = await scrapeWorker();
    smtp.failNext(1);
    await request(t.http).post('/api/waitlist').send(signUp).expect(200);
    await t.drain();
    expect(smtp.received).toHaveLength(1);

    const after = await scrapeWorker();
    expect(failures(after) - failures(before)).toBe(1);
    expect(welcomeJobs(after, 'failed') - welcomeJobs(before, 'failed')).toBe(1);
    expect(welcomeJobs(after, 'completed') - welcomeJobs(before, 'completed')).toBe(1);
  });

  it('reports the outbox backlog and the age of its oldest row', async () => {
    expect(sample(await scrape(), 'outbox_backlog')).toBe(0);
    expect(sample(await scrape(), 'outbox_oldest_age_seconds')).toBe(0);

    const relay = t.app.get(OutboxRelay);
    await relay.stop();
    try {
      await t.orm.em.getConnection().execute(
        `insert into outbox_messages (id, queue, job_name, payload, created_at)
         values (gen_random_uuid(), 'email', 'waitlist.welcome', '{}', now() - interval '90 seconds'),
                (gen_random_uuid(), 'email', 'waitlist.welcome', '{}', now() - interval '5 seconds')`,
      );
      const text = await scrape();
      expect(sample(text, 'outbox_backlog')).toBe(2);
      expect(sample(text, 'outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(90);
      expect(sample(text, 'outbox_oldest_age_seconds')).toBeLessThan(120);
    } finally {
      await t.orm.em.getConnection().execute('delete from outbox_messages');
      await relay.start();
    }
  });

  it('serves the worker’s metrics on METRICS_PORT behind the same credentials', async () => {
    const refused = await fetch(`${workerMetrics}/metrics`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ success: false, error: 'Invalid credentials', code: 'UNAUTHORIZED' });
    const wrong = await fetch(`${workerMetrics}/metrics`, { headers: { Authorization: 'Bearer wrong-token' } });
    expect(wrong.status).toBe(401);

    const admin = await fetch(`${workerMetrics}/metrics`, { headers: { Authorization: await asAdmin(t) } });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('content-type')).toMatch(/^text\/plain;.* version=0\.0\.4/);

    const elsewhere = await fetch(`${workerMetrics}/other`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ success: false, error: 'Not found.', code: 'NOT_FOUND' });
  });
});
