import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { basic, TEST_ADMIN } from './support/admin';
import { eventFields } from './support/launch-party-fixtures';
import { startSmtpSink } from './support/smtp-sink';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require('../../infra/lib/services.cjs');

const ROOT = resolve(__dirname, '..', '..');
const INVITATIONS = 30;

async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  detail: () => string = () => '',
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}\n${detail()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm start` as a user runs it (infra/start.mjs, the built api and worker), on a database and
 * Redis prefix of its own. The worker is killed with SIGKILL in the middle of sending 30
 * invitations: the launcher brings it back, the api answers throughout, the queue drains, and no
 * guest gets an invitation twice. Every wait is on a condition, never a fixed time.
 */
describe('npm start when the worker is killed', () => {
  const suffix = randomBytes(3).toString('hex');
  const databaseUrl = services.withDatabase(process.env.DATABASE_URL, `mf_test_launcher_${suffix}`);
  const redisPrefix = `${process.env.REDIS_PREFIX}l${suffix}`;
  const frontend = mkdtempSync(join(tmpdir(), 'mf-launcher-site-'));
  const output: string[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let launcher: ChildProcess;
  let base: string;

  const logged = (pattern: RegExp) => output.join('').match(pattern) ?? undefined;
  const pidsOf = (name: string) => [...output.join('').matchAll(new RegExp(`${name} started \\(pid (\\d+)\\)`, 'g'))];
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${base}/api/admin${path}`, {
      method,
      headers: {
        Authorization: basic(TEST_ADMIN.username, TEST_ADMIN.password),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));

  beforeAll(async () => {
    // The launcher runs what `npm run build` made: the backend's build is brought up to date.
    const build = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "(await import('./infra/lib/prepare.mjs')).ensureBuilt({ only: ['backend'] })"],
      { cwd: ROOT, encoding: 'utf8' },
    );
    if (build.status !== 0) throw new Error(`Could not build the backend:\n${build.stdout}\n${build.stderr}`);
    // The api serves a site; this one is enough (the frontend build is the e2e suite's business).
    writeFileSync(
      join(frontend, 'index.html'),
      '<!doctype html><title>x</title><!--app-config--><p>Maison Fortuna</p>',
    );
    await services.ensureDatabase(databaseUrl);
    smtp = await startSmtpSink();
    const port = await services.freePort();
    base = `http://127.0.0.1:${port}`;
    launcher = spawn(process.execPath, [join(ROOT, 'infra', 'start.mjs'), '--no-build'], {
      cwd: ROOT,
      env: {
        ...process.env,
        SKIP_DOTENV: '1',
        NODE_ENV: 'production',
        PORT: String(port),
        APP_URL: base,
        DATABASE_URL: databaseUrl,
        REDIS_PREFIX: redisPrefix,
        SMTP_URL: smtp.url,
        FRONTEND_DIST: frontend,
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        CONCIERGE_PASSWORD: 'launcher-test-password',
        LOG_LEVEL: 'warn',
        QUEUE_BACKOFF_MS: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [launcher.stdout, launcher.stderr])
      stream?.on('data', (chunk: Buffer) => output.push(String(chunk)));
    await until(
      'the app to answer /api/health',
      async () => {
        if (launcher.exitCode !== null) throw new Error(`npm start exited:\n${output.join('')}`);
        const ok = await fetch(`${base}/api/health`).then(
          (r) => r.ok || undefined,
          () => undefined,
        );
        return ok && pidsOf('worker').length > 0 ? true : undefined;
      },
      180_000,
    );
  }, 600_000);

  afterAll(async () => {
    if (launcher && launcher.exitCode === null && launcher.signalCode === null) {
      launcher.kill('SIGKILL');
      for (const [, pid] of [...pidsOf('api'), ...pidsOf('worker')])
        if (alive(Number(pid))) process.kill(Number(pid), 'SIGKILL');
    }
    await smtp?.close();
    await services.dropDatabase(databaseUrl).catch(() => undefined);
    await services.deleteRedisKeys(process.env.REDIS_URL, redisPrefix).catch(() => undefined);
    rmSync(frontend, { recursive: true, force: true });
  });

  it('brings the worker back while the api keeps answering, drains the queue, and sends no invitation twice', async () => {
    const event = await api('POST', '/events', eventFields);
    expect(event.status).toBe(201);
    for (let i = 0; i < INVITATIONS; i += 1) {
      const created = await api('POST', '/invitations', {
        eventId: event.body.data.id,
        recipientName: `Guest ${i}`,
        recipientEmail: `guest${i}@example.com`,
      });
      expect(created.status).toBe(201);
    }
    // The first messages hang at the mail server: the worker is killed while they are in flight.
    smtp.holdNext(3);
    const batch = await api('POST', `/events/${event.body.data.id}/invitations/send-pending`);
    expect(batch.status).toBe(201);
    await smtp.waitForHeld(1);
    const [[, firstWorker]] = pidsOf('worker');
    process.kill(Number(firstWorker), 'SIGKILL');
    // The mail server answers again: only what the dead worker had in flight was left hanging.
    smtp.holdNext(0);

    // The api answers every call while the worker is down and coming back.
    const answers: number[] = [];
    let last: unknown;
    const progress = await until(
      'the batch to finish',
      async () => {
        answers.push((await fetch(`${base}/api/health`)).status);
        answers.push((await fetch(`${base}/`)).status);
        const { body } = await api('GET', `/invitation-batches/${batch.body.data.id}`);
        last = body.data;
        return body.data.done ? body.data : undefined;
      },
      240_000,
      () => `last progress: ${JSON.stringify(last)}\n${output.join('').slice(-3000)}`,
    );
    expect(logged(/worker stopped \(killed by SIGKILL\); restarting it in 1 s/)).toBeDefined();
    const workers = pidsOf('worker').map(([, pid]) => Number(pid));
    expect(workers).toHaveLength(2);
    expect(alive(workers[0])).toBe(false);
    expect(alive(workers[1])).toBe(true);
    expect(pidsOf('api')).toHaveLength(1);
    expect(answers.every((status) => status === 200)).toBe(true);

    // Delivered exactly once, or shown as 'may have been delivered' for the admin to decide; none lost.
    expect(progress).toMatchObject({ total: INVITATIONS, queued: 0, failed: 0 });
    expect(progress.sent + progress.unknown).toBe(INVITATIONS);
    expect(progress.unknown).toBeGreaterThanOrEqual(1);
    const recipients = smtp.received.map((message) => message.to[0]);
    expect(new Set(recipients).size).toBe(recipients.length);
    const list = await api('GET', `/events/${event.body.data.id}/invitations?pageSize=${INVITATIONS}`);
    const rows = list.body.data as Array<{ deliveryStatus: string; recipientEmail: string }>;
    const withStatus = (status: string) =>
      rows.filter((row) => row.deliveryStatus === status).map((row) => row.recipientEmail);
    expect(withStatus('unknown')).toHaveLength(progress.unknown);
    // Every message recorded as sent arrived; one that arrived without being recorded (the worker
    // died between the server's 250 and its own write) is one the admin sees as 'may have been delivered'.
    expect(recipients).toEqual(expect.arrayContaining(withStatus('sent')));
    expect(
      recipients.filter((to) => !withStatus('sent').includes(to)).every((to) => withStatus('unknown').includes(to)),
    ).toBe(true);
  }, 300_000);

  it('stops everything cleanly on SIGTERM', async () => {
    const pids = [...pidsOf('api'), ...pidsOf('worker')].map(([, pid]) => Number(pid));
    const exit = new Promise<number | null>((done) => launcher.once('exit', (code) => done(code)));
    launcher.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    expect(logged(/restarting it/g)).toHaveLength(1);
  }, 60_000);
});
