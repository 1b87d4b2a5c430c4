#!/usr/bin/env node
/**
 * `npm run bench:invitations`: 1,000 invitation emails the way the product sends them (one
 * 'Invite to event' from the waitlist: invitations and outbox rows in one transaction, the relay
 * moves them to BullMQ, the email worker renders and sends each through SMTP, recording its
 * delivery) against a bare nodemailer loop sending the same 1,000 messages to the same local SMTP
 * server with the same concurrency as the worker, in the same run. Prints both rates and the ratio
 * (aim: 0.8 or better). BENCH_EMAILS overrides the count.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureBuilt, ROOT } from '../lib/prepare.mjs';

const require = createRequire(import.meta.url);
const services = require('../lib/services.cjs');
const nodemailer = require('nodemailer');
const { SMTPServer } = require('smtp-server');

const EMAILS = Number(process.env.BENCH_EMAILS || 1000);
/** The email queue's concurrency in one worker process (platform/queue/queue-processors.ts). */
const WORKER_CONCURRENCY = 5;
const AUTH = `Basic ${Buffer.from('admin:bench-admin-password').toString('base64')}`;
const say = (message) => process.stdout.write(`${message}\n`);

/** A real SMTP server on a free port, keeping each message's raw text. */
async function startSmtp() {
  const received = [];
  let waiter = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        if (waiter && received.length >= waiter.count) waiter.resolve();
        callback();
      });
    },
  });
  const port = await services.freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor: (count) =>
      new Promise((resolve) => {
        if (received.length >= count) return resolve();
        waiter = { count, resolve };
      }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function startProcess(script, env, port) {
  return spawn(process.execPath, [...services.SERVER_NODE_FLAGS, join(ROOT, script)], {
    env: { ...process.env, ...env, ...(port ? { PORT: String(port) } : {}) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(port) {
  for (let i = 0; i < 600; i += 1) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The api did not start');
}

const api = (port, method, path, body) =>
  fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (r) => {
    const json = await r.json();
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${json.error}`);
    return json.data;
  });

async function createEvent(port, name) {
  return api(port, 'POST', '/admin/events', {
    name,
    description: 'An evening on the terrace to open the season.',
    eventType: 'launch_party',
    date: '2026-12-12',
    startTime: '19:00',
    endTime: '23:00',
    venue: 'Hôtel de Paris',
    venueAddress: 'Place du Casino',
    city: 'Monte-Carlo',
    state: 'Monaco',
    country: 'Monaco',
    zipCode: '98000',
    capacity: 5000,
    ticketPrice: 0,
    currency: 'EUR',
    isPrivate: true,
    dresscode: 'Black tie',
    organizer: 'Maison Fortuna',
    organizerContact: 'events@maisonfortuna.local',
    status: 'published',
  });
}

/** Sends the messages with `concurrency` loops over one nodemailer transport each (no queue, no database). */
async function bareLoop(url, messages, concurrency) {
  let next = 0;
  const loops = Array.from({ length: concurrency }, async () => {
    const transport = nodemailer.createTransport(url, { ignoreTLS: true });
    try {
      while (next < messages.length) {
        const message = messages[next++];
        await transport.sendMail({ envelope: { from: message.from, to: message.to }, raw: message.raw });
      }
    } finally {
      transport.close();
    }
  });
  await Promise.all(loops);
}

async function main() {
  await ensureBuilt({ only: ['backend'] });
  const server = await services.findPostgres(process.env.DATABASE_URL);
  const redis = await services.findRedis(process.env.REDIS_URL);
  const databaseUrl = services.withDatabase(server.url, 'mf_bench_invitations');
  await services.ensureDatabase(databaseUrl, { fresh: true });
  const ours = await startSmtp();
  const bare = await startSmtp();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_PREFIX: `mfbench${randomBytes(3).toString('hex')}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    FRONTEND_DIST: '',
    SMTP_URL: ours.url,
    APP_URL: 'http://localhost:3000',
    CONCIERGE_PASSWORD: 'bench-concierge',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'bench-admin-password',
  };
  const port = await services.freePort();
  const apiProcess = startProcess('backend/dist/src/main.js', env, port);
  let workerProcess;
  try {
    await waitForHealth(port); // applies the migrations and creates the administrator
    workerProcess = startProcess('backend/dist/src/worker.js', env);
    await services.pgQuery(
      databaseUrl,
      `insert into waitlist_entries (id, email, full_name, consent, source, utm_campaign, created_at)
       select gen_random_uuid(), 'guest' || n || '@example.com', 'Guest ' || n, true, 'landing', $2,
              now() - make_interval(secs => n)
         from generate_series(1, $1::int) as n`,
      [EMAILS, 'bench'],
    );
    // Warm-up (not timed): one invitation through the whole path, so both processes are ready.
    await services.pgQuery(
      databaseUrl,
      `insert into waitlist_entries (id, email, full_name, consent, source, utm_campaign) values (gen_random_uuid(), 'warm@example.com', 'Warm Up', true, 'landing', 'warm-up')`,
    );
    const warmEvent = await createEvent(port, 'Warm-up Evening');
    await api(port, 'POST', '/admin/invitations/from-waitlist', {
      eventId: warmEvent.id,
      allMatching: true,
      utmCampaign: 'warm-up',
    });
    await ours.waitFor(1);
    ours.received.length = 0;

    const event = await createEvent(port, 'The Riviera Launch');
    say(`\n${EMAILS.toLocaleString('en-US')} invitation emails to a local SMTP server`);
    const started = process.hrtime.bigint();
    const result = await api(port, 'POST', '/admin/invitations/from-waitlist', {
      eventId: event.id,
      allMatching: true,
      utmCampaign: 'bench',
      maxGuests: 2,
    });
    if (result.created !== EMAILS) throw new Error(`Expected ${EMAILS} invitations, got ${result.created}`);
    await ours.waitFor(EMAILS);
    const oursSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    // Every one recorded as sent too (the path's last step), before the clock is read again.
    for (;;) {
      const progress = await api(port, 'GET', `/admin/invitation-batches/${result.batch.id}`);
      if (progress.done) {
        if (progress.sent !== EMAILS) throw new Error(`Only ${progress.sent} recorded as sent`);
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const oursRate = EMAILS / oursSeconds;

    const messages = ours.received.slice(0, EMAILS);
    const bareStarted = process.hrtime.bigint();
    await bareLoop(bare.url, messages, WORKER_CONCURRENCY);
    const bareSeconds = Number(process.hrtime.bigint() - bareStarted) / 1e9;
    if (bare.received.length !== EMAILS) throw new Error(`The bare loop delivered ${bare.received.length}`);
    const bareRate = EMAILS / bareSeconds;

    say(
      `  outbox -> queue -> worker -> SMTP   ${oursRate.toFixed(0).padStart(6)} emails/s  (${oursSeconds.toFixed(2)} s, invite request included)`,
    );
    say(
      `  bare nodemailer loop (${WORKER_CONCURRENCY} at once)  ${bareRate.toFixed(0).padStart(6)} emails/s  (${bareSeconds.toFixed(2)} s)`,
    );
    const ratio = oursRate / bareRate;
    say(`  ratio ${ratio.toFixed(2)} (aim: >= 0.8) ${ratio >= 0.8 ? 'OK' : 'UNDER'}`);
  } finally {
    workerProcess?.kill('SIGTERM');
    apiProcess.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 800));
    await ours.close();
    await bare.close();
    await services.dropDatabase(databaseUrl).catch(() => undefined);
    await services.deleteRedisKeys(redis.url, env.REDIS_PREFIX).catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);
