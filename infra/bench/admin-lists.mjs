#!/usr/bin/env node
/**
 * `npm run bench:admin-lists`: seeds 1,000,000 waitlist rows with SQL (generate_series) into a
 * separate bench database, boots the built api against it and measures GET /api/admin/waitlist
 * with autocannon: the first page, a middle page, the last page and a search. Prints p50, p95 and
 * p99 for each (aim: p95 < 50 ms). BENCH_ROWS, BENCH_SECONDS and BENCH_CONNECTIONS override.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureBuilt, ROOT } from '../lib/prepare.mjs';

const require = createRequire(import.meta.url);
const services = require('../lib/services.cjs');

const ROWS = Number(process.env.BENCH_ROWS || 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 4);
const PAGE_SIZE = 20;
const AUTH = `Basic ${Buffer.from('admin:bench-admin-password').toString('base64')}`;

const say = (message) => process.stdout.write(`${message}\n`);

async function startApi(env) {
  const port = await services.freePort();
  const child = spawn(process.execPath, [...services.SERVER_NODE_FLAGS, join(ROOT, 'backend/dist/src/main.js')], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i += 1) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, close: () => child.kill('SIGTERM') };
}

/** The rows: 2 years of sign-ups, two thirds with a name, most with a phone, half with a net worth. */
async function seed(databaseUrl) {
  const started = Date.now();
  // The trigram index is rebuilt once after the load instead of row by row.
  const { rows: trigram } = await services.pgQuery(
    databaseUrl,
    `select indexdef from pg_indexes where indexname = 'waitlist_entries_search_trgm_idx'`,
  );
  if (trigram.length) await services.pgQuery(databaseUrl, 'drop index waitlist_entries_search_trgm_idx');
  await services.pgQuery(
    databaseUrl,
    `insert into waitlist_entries (id, email, full_name, phone_number, consent, source, net_worth, utm_source, created_at)
     select gen_random_uuid(),
            'guest' || i || '@example' || (i % 97) || '.com',
            case when i % 3 <> 0 then (array['Ada','Grace','Alan','Edsger','Barbara','Donald','Margaret','Ken'])[1 + i % 8]
                 || ' ' || (array['Lovelace','Hopper','Turing','Dijkstra','Liskov','Knuth','Hamilton','Thompson'])[1 + (i / 8) % 8]
                 || ' ' || i end,
            case when i % 5 <> 0 then '+1 555 ' || lpad((i % 10000000)::text, 7, '0') end,
            true,
            'landing',
            case when i % 2 = 0 then 1 + (i % 500) end,
            case when i % 4 = 0 then 'newsletter' end,
            timestamptz '2025-01-01' + (i * interval '63 seconds')
       from generate_series(1, $1::int) as i`,
    [ROWS],
  );
  if (trigram.length) await services.pgQuery(databaseUrl, trigram[0].indexdef);
  await services.pgQuery(databaseUrl, 'vacuum analyze waitlist_entries');
  say(`Seeded ${ROWS.toLocaleString('en-US')} waitlist rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Runs autocannon on one URL and answers the latency percentiles of every answer (ms). */
function measure(url) {
  const latencies = [];
  let failures = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: SECONDS, headers: { authorization: AUTH } },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        const at = (p) =>
          Math.round(
            (latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN) * 10,
          ) / 10;
        resolve({
          count: latencies.length,
          rps: result.requests.average,
          p50: at(50),
          p95: at(95),
          p99: at(99),
          failures: failures + result.errors,
        });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status !== 200) failures += 1;
      latencies.push(responseTime);
    });
  });
}

async function main() {
  await ensureBuilt({ only: ['backend'] });
  const server = await services.findPostgres(process.env.DATABASE_URL);
  const redis = await services.findRedis(process.env.REDIS_URL);
  const databaseUrl = services.withDatabase(server.url, 'mf_bench_admin_lists');
  // BENCH_REUSE=1 keeps an already seeded bench database (seeded by a run with BENCH_KEEP_DATABASE=1).
  const reuse = process.env.BENCH_REUSE === '1';
  await services.ensureDatabase(databaseUrl, { fresh: !reuse });
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_PREFIX: `mfbench${randomBytes(3).toString('hex')}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    FRONTEND_DIST: '',
    SMTP_URL: 'smtp://127.0.0.1:1',
    CONCIERGE_PASSWORD: 'bench-concierge',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'bench-admin-password',
  };
  const api = await startApi(env); // applies the migrations and creates the administrator
  try {
    const { rows: existing } = await services.pgQuery(databaseUrl, 'select count(*)::int as n from waitlist_entries');
    if (reuse && existing[0].n >= ROWS) say(`Reusing ${existing[0].n.toLocaleString('en-US')} seeded rows`);
    else await seed(databaseUrl);
    const base = `http://127.0.0.1:${api.port}/api/admin/waitlist`;
    const lastPage = Math.ceil(ROWS / PAGE_SIZE);
    const cases = [
      ['first page', `${base}?page=1&pageSize=${PAGE_SIZE}`],
      ['middle page', `${base}?page=${Math.ceil(lastPage / 2)}&pageSize=${PAGE_SIZE}`],
      ['last page', `${base}?page=${lastPage}&pageSize=${PAGE_SIZE}`],
      ['search "hopper 4242"', `${base}?page=1&pageSize=${PAGE_SIZE}&q=${encodeURIComponent('hopper 4242')}`],
      ['search by email prefix', `${base}?page=1&pageSize=${PAGE_SIZE}&q=guest777`],
      ['sorted by net worth', `${base}?page=1&pageSize=${PAGE_SIZE}&sort=-netWorth`],
    ];
    // Warm-up: the first answers pay for argon2 (once per process) and cold caches.
    for (const [, url] of cases) await fetch(url, { headers: { authorization: AUTH } }).then((r) => r.text());
    say(
      `\nGET /api/admin/waitlist on ${ROWS.toLocaleString('en-US')} rows, ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    let worst = 0;
    for (const [name, url] of cases) {
      const r = await measure(url);
      worst = Math.max(worst, r.p95);
      say(
        `  ${name.padEnd(24)} p50 ${String(r.p50).padStart(4)} ms   p95 ${String(r.p95).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   ${r.rps.toFixed(0).padStart(5)} req/s   errors ${r.failures}`,
      );
    }
    say(`  worst p95 ${worst} ms (aim: < 50 ms) ${worst < 50 ? 'OK' : 'OVER'}`);
  } finally {
    api.close();
    await new Promise((r) => setTimeout(r, 500));
    if (!process.env.BENCH_KEEP_DATABASE) await services.dropDatabase(databaseUrl).catch(() => undefined);
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
