#!/usr/bin/env node
/**
 * `npm run bench:waitlist`: POST /api/waitlist under autocannon (50 connections, unique emails),
 * against our api and, in the same run, against a bare node:http + pg server doing the same
 * insert. Prints both requests per second and p99 latencies, and the ratio ours / bare.
 *
 * The two are measured in alternating slices (bare, ours, ours, bare, ...), and each side's
 * figures are over all of its slices: this machine's speed drifts by a factor of two within a
 * minute, and one long run each put that drift into the ratio.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { percentile } from '../lib/percentile.mjs';
import { ensureBuilt, ROOT } from '../lib/prepare.mjs';

const require = createRequire(import.meta.url);
const services = require('../lib/services.cjs');
const pg = require('pg');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DURATION = Number(process.env.BENCH_SECONDS || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);

function body(prefix, n) {
  return JSON.stringify({
    email: `${prefix}.${n}@bench.example.com`,
    fullName: 'Bench Guest',
    phoneNumber: '+1 555 0100',
    consent: true,
    bot_check: '',
    timestamp: new Date().toISOString(),
    source: 'landing',
    utmSource: 'bench',
  });
}

/** One side's responses over all its slices. */
function tally() {
  return { requests: 0, seconds: 0, failed: 0, times: [] };
}

function load(url, prefix, seconds, into = tally()) {
  let n = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: body(prefix, n++) }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        into.requests += result.requests.total;
        into.seconds += result.duration;
        into.failed += result.errors + result.non2xx;
        resolve(into);
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => into.times.push(responseTime));
  });
}

const perSecond = (t) => t.requests / t.seconds;

const p99 = (t) => percentile(t.times, 99);

/**
 * The same statement the api runs (sign-ups, their email-delivery records, outbox rows and
 * consent ledger rows), aimed at copies of the four tables. The bare server sends it prepared, as the api does, with
 * one sign-up per call.
 */
function bareStatement() {
  const { JOIN_WAITLIST_SQL } = require(join(ROOT, 'backend/dist/src/modules/waitlist/join-waitlist.sql.js'));
  return JOIN_WAITLIST_SQL.replace(
    /\b(waitlist_entries|email_deliveries|outbox_messages|consent_ledger)\b/g,
    'bare_$1',
  );
}

/** The baseline: node:http + pg, parsing JSON and running the same insert, nothing else. */
function startBareServer(databaseUrl) {
  const statement = bareStatement();
  const { normaliseEmail } = require(join(ROOT, 'backend/dist/src/common/email-address.js'));
  const secret = randomBytes(32).toString('hex');
  const hmac = (text) => createHmac('sha256', secret).update(text).digest('hex');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      try {
        const b = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const email = String(b.email).trim().toLowerCase();
        const id = randomUUID();
        const token = createHmac('sha256', secret).update(`waitlist.confirm.v1.${id}`).digest('base64url');
        await pool.query({
          name: 'join_waitlist',
          text: statement,
          values: [
            [id],
            [email],
            [normaliseEmail(email)],
            [b.fullName || null],
            [b.phoneNumber || null],
            [b.consent],
            [b.utmSource || null],
            [b.utmMedium || null],
            [b.utmCampaign || null],
            [b.utmTerm || null],
            [b.utmContent || null],
            [b.ref || null],
            [b.timestamp ? new Date(b.timestamp) : null],
            [createHash('sha256').update(token).digest('hex')],
            [hmac(`client.v1.${req.socket.remoteAddress}`)],
            [hmac(`subject.v1.${normaliseEmail(email)}`)],
            'email',
            'email',
          ],
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
      } catch {
        res.writeHead(500).end();
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: server.address().port, close: () => (server.close(), pool.end()) }),
    ),
  );
}

async function startOurApi(env) {
  const port = await services.freePort();
  const child = spawn(process.execPath, [...services.SERVER_NODE_FLAGS, join(ROOT, 'backend/dist/src/main.js')], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i += 1) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i >= 300 || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error('Our api did not become healthy: nothing to measure');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, close: () => child.kill('SIGTERM') };
}

const fmt = (t) =>
  `${perSecond(t).toFixed(0).padStart(6)} req/s   p99 ${p99(t).toFixed(0).padStart(4)} ms   errors ${t.failed}`;

async function main() {
  await ensureBuilt({ only: ['backend'] });
  const server = await services.findPostgres(process.env.DATABASE_URL);
  const redis = await services.findRedis(process.env.REDIS_URL);
  const databaseUrl = services.withDatabase(server.url, 'mf_bench_waitlist');
  await services.ensureDatabase(databaseUrl, { fresh: true });
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_PREFIX: `mfbench${randomBytes(3).toString('hex')}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    FRONTEND_DIST: '',
    SMTP_URL: 'smtp://127.0.0.1:1',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
    CONCIERGE_PASSWORD: 'bench-concierge',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'bench-admin-password',
  };
  const ours = await startOurApi(env);
  for (const table of ['waitlist_entries', 'email_deliveries', 'outbox_messages', 'consent_ledger']) {
    await services.pgQuery(databaseUrl, `create table bare_${table} (like ${table} including all)`);
  }
  const bare = await startBareServer(databaseUrl);
  try {
    process.stdout.write(`Warming up (${CONNECTIONS} connections)...\n`);
    await load(`http://127.0.0.1:${bare.port}/api/waitlist`, 'warm-bare', 3);
    await load(`http://127.0.0.1:${ours.port}/api/waitlist`, 'warm-ours', 3);
    process.stdout.write(`Measuring ${DURATION} s each, in ${ROUNDS} alternating slices...\n`);
    const bareResult = tally();
    const ourResult = tally();
    const slice = DURATION / ROUNDS;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const sides = [
        () => load(`http://127.0.0.1:${bare.port}/api/waitlist`, `bare${round}`, slice, bareResult),
        () => load(`http://127.0.0.1:${ours.port}/api/waitlist`, `ours${round}`, slice, ourResult),
      ];
      if (round % 2 === 0) sides.reverse();
      for (const side of sides) await side();
    }
    const ratio = perSecond(ourResult) / perSecond(bareResult);
    process.stdout.write(`\nPOST /api/waitlist, ${CONNECTIONS} connections, unique emails\n`);
    process.stdout.write(`  bare node:http + pg  ${fmt(bareResult)}\n`);
    process.stdout.write(`  Maison Fortuna api   ${fmt(ourResult)}\n`);
    process.stdout.write(`  ratio (ours / bare)  ${ratio.toFixed(2)}   (aim: >= 0.50, p99 < 50 ms)\n`);
    const failed = ourResult.failed + bareResult.failed;
    if (failed > 0) throw new Error(`${failed} requests failed: the figures above do not count`);
  } finally {
    ours.close();
    await bare.close();
    await new Promise((r) => setTimeout(r, 500));
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
