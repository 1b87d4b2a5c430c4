#!/usr/bin/env node
/**
 * `npm run bench:admin-lists`: seeds 1,000,000 waitlist rows with SQL (generate_series) into a
 * separate bench database, boots the built api against it and measures GET /api/admin/waitlist
 * with autocannon: the first page, a middle page, the last page and a search. Prints p50, p95 and
 * p99 for each, against the budget in the README's performance table. BENCH_ROWS, BENCH_SECONDS and BENCH_CONNECTIONS override.
 *
 * Then the insights tab's queries (GET /api/admin/insights/..., against their README budget) on the same
 * waitlist, with the journeys after it (offers, invitations, RSVPs, check-ins, payments) and
 * BENCH_PAGE_VIEWS (10,000,000) page views over the last year, their visitors folded into daily
 * counts by the roll-up's own statement, as the repeating job leaves them.
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
const PAGE_VIEWS = Number(process.env.BENCH_PAGE_VIEWS || 10_000_000);
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
    `insert into waitlist_entries (id, email, email_normalised, full_name, phone_number, consent, source, net_worth,
                                   utm_source, utm_medium, utm_campaign, confirmed_at, nominated_by_member_id,
                                   nomination_status, created_at)
     select gen_random_uuid(),
            'guest' || i || '@example' || (i % 97) || '.com',
            'guest' || i || '@example' || (i % 97) || '.com',
            case when i % 3 <> 0 then (array['Ada','Grace','Alan','Edsger','Barbara','Donald','Margaret','Ken'])[1 + i % 8]
                 || ' ' || (array['Lovelace','Hopper','Turing','Dijkstra','Liskov','Knuth','Hamilton','Thompson'])[1 + (i / 8) % 8]
                 || ' ' || i end,
            case when i % 5 <> 0 then '+1 555 ' || lpad((i % 10000000)::text, 7, '0') end,
            true,
            'landing',
            case when i % 2 = 0 then 1 + (i % 500) end,
            case when i % 4 = 0 then 'newsletter' when i % 4 = 1 then (array['instagram','google','ft.com','x'])[1 + i % 4] end,
            case when i % 4 = 0 then 'email' when i % 4 = 1 then (array['social','cpc','display','social'])[1 + i % 4] end,
            case when i % 4 < 2 then 'season-' || (i % 12) end,
            -- Nine in ten confirmed, within two days.
            case when i % 10 <> 0 then timestamptz '2025-01-01' + (i * interval '63 seconds') + (i % 48) * interval '1 hour' end,
            -- One in fifty nominated by one of 200 members; one nomination in ten of those suspect.
            case when i % 50 = 0 then md5('sponsor' || (i / 50) % 200)::uuid end,
            case when i % 500 = 0 then 'suspect' when i % 50 = 0 then 'credited' end,
            timestamptz '2025-01-01' + (i * interval '63 seconds')
       from generate_series(1, $1::int) as i`,
    [ROWS],
  );
  if (trigram.length) await services.pgQuery(databaseUrl, trigram[0].indexdef);
  await services.pgQuery(databaseUrl, 'vacuum analyze waitlist_entries');
  say(`Seeded ${ROWS.toLocaleString('en-US')} waitlist rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * What follows the sign-ups, in the proportions a season might have: 200 nominating members;
 * one entry in forty offered membership; one in eight invited to one of 24 events; a third of
 * those attending, half of them checked in, three in five of them paid. Then the page views of
 * the last year and their visitors (about 2.5 views each), folded into daily counts by the
 * roll-up's own statement (from the build), which deletes the visitor keys as the job does.
 */
async function seedInsights(databaseUrl) {
  const started = Date.now();
  const q = (sql, params) => services.pgQuery(databaseUrl, sql, params);
  const signUpIndex = `(extract(epoch from w.created_at - timestamptz '2025-01-01')::bigint / 63)`;
  await q(`insert into members (id, name, email, tier, status, joined_at, created_at, updated_at)
           select md5('sponsor' || n)::uuid, 'Sponsor ' || n, 'sponsor' || n || '@bench.local', 'patron', 'active',
                  timestamptz '2024-06-01', timestamptz '2024-06-01', now()
             from generate_series(0, 199) as n`);
  await q(`insert into nomination_links (code, member_id, created_at)
           select 'code' || n, md5('sponsor' || n)::uuid, timestamptz '2024-06-01' from generate_series(0, 199) as n`);
  await q(`insert into members (id, name, email, tier, status, waitlist_entry_id, created_at, updated_at)
           select gen_random_uuid(), coalesce(w.full_name, 'Guest'), w.email, 'voyager', 'offered', w.id,
                  w.created_at + interval '20 days', now()
             from waitlist_entries w where ${signUpIndex} % 40 = 0`);
  await q(`insert into events (name, description, date, start_time, end_time, venue, venue_address, city, state,
                               country, zip_code, capacity, organizer, organizer_contact, status, time_zone)
           select 'Soirée ' || n, 'An evening', date '2025-02-01' + n * 30, '19:00', '23:00', 'Hôtel de Paris',
                  'Place du Casino', 'Monte-Carlo', 'Monaco', 'Monaco', '98000', 100000, 'Maison Fortuna',
                  'events@bench.local', 'published', 'Europe/Monaco'
             from generate_series(0, 23) as n`);
  await q(`insert into invitations (event_id, recipient_name, recipient_email, status, sent_at, invitation_code, created_at)
           select (select min(id) from events) + (${signUpIndex} / 8) % 24, coalesce(w.full_name, 'Guest'), w.email,
                  'sent', w.created_at + interval '30 days', md5(w.id::text), w.created_at + interval '30 days'
             from waitlist_entries w where ${signUpIndex} % 8 = 0`);
  await q(`insert into rsvps (id, invitation_id, event_id, status, guest_count, responded_at)
           select gen_random_uuid(), i.id, i.event_id, 'attending', 1, i.sent_at + interval '2 days'
             from invitations i where i.id % 3 = 0`);
  await q(`insert into rsvp_check_ins (rsvp_id, event_id, arrived, checked_in_at)
           select r.id, r.event_id, 1, r.responded_at + interval '20 days' from rsvps r where r.invitation_id % 2 = 0`);
  await q(`insert into payments (id, rsvp_id, amount, currency, status, payment_date)
           select gen_random_uuid(), r.id, 50000, 'EUR', 'succeeded', r.responded_at + interval '1 hour'
             from rsvps r where r.invitation_id % 5 < 3`);
  say(`Seeded offers, invitations, RSVPs, check-ins and payments in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const viewsStarted = Date.now();
  // Attribution of a visit: one in five through a campaign, a few through a member's link.
  const dims = (i) => `
            case when ${i} % 5 = 0 then (array['newsletter','instagram','google','ft.com','x'])[1 + ${i} % 5] end,
            case when ${i} % 5 = 0 then (array['email','social','cpc','display','social'])[1 + ${i} % 5] end,
            case when ${i} % 5 = 0 then 'season-' || (${i} % 12) end,
            case when ${i} % 7 = 0 then (array['instagram.com','google.com','ft.com','news.ycombinator.com'])[1 + ${i} % 4] end,
            case when ${i} % 97 = 0 then 'code' || (${i} % 200) end`;
  await q('drop index if exists page_views_day_idx');
  await q(
    `insert into page_views (day, viewed_at, path, utm_source, utm_medium, utm_campaign, referrer_host, ref)
     select d, d + (i % 86400) * interval '1 second', (array['/','/','/','/vendor-apply','/vendor-onboarding'])[1 + i % 5],
            ${dims('i')}
       from generate_series(1, $1::int) as i, lateral (select current_date - 1 - (i % 365) as d) as dd`,
    [PAGE_VIEWS],
  );
  await q('create index page_views_day_idx on page_views (day, path)');
  const visitors = Math.round(PAGE_VIEWS / 2.5);
  await q(
    `insert into visitor_days (day, visitor_key, utm_source, utm_medium, utm_campaign, referrer_host, ref, views)
     select current_date - 1 - (i % 365), md5(i::text), ${dims('i')}, 1 + (i % 4)
       from generate_series(1, $1::int) as i`,
    [visitors],
  );
  const rollUp = require(join(ROOT, 'backend/dist/src/modules/insights/page-views.sql.js')).ROLL_UP_CLOSED_DAYS_SQL;
  const { rows: folded } = await q(rollUp);
  say(
    `Seeded ${PAGE_VIEWS.toLocaleString('en-US')} page views, ${folded[0].visitors.toLocaleString('en-US')} visitors folded into daily counts, in ${((Date.now() - viewsStarted) / 1000).toFixed(1)} s`,
  );
  await q('vacuum analyze');
}

/** Rebuilds the funnel with the repeating job's own statement (from the build), and says how long it took. */
async function refreshFunnel(databaseUrl) {
  const refresh = require(join(ROOT, 'backend/dist/src/modules/insights/insights.sql.js')).REFRESH_FUNNEL_SQL;
  const started = Date.now();
  const { rows } = await services.pgQuery(databaseUrl, refresh);
  say(
    `Funnel rebuilt (the insights job's statement): ${rows[0].sign_ups.toLocaleString('en-US')} sign-ups into ${rows[0].rows.toLocaleString('en-US')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await services.pgQuery(databaseUrl, 'vacuum analyze funnel_days');
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
    else {
      await seed(databaseUrl);
      await seedInsights(databaseUrl);
    }
    await refreshFunnel(databaseUrl);
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

    const insights = `http://127.0.0.1:${api.port}/api/admin/insights`;
    const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const year = `from=${day(364)}&to=${day(0)}`;
    const { rows: sponsor } = await services.pgQuery(databaseUrl, `select md5('sponsor' || 7)::uuid as id`);
    const insightCases = [
      ['funnel, 90 days', `${insights}/funnel`],
      ['funnel, 12 months', `${insights}/funnel?${year}`],
      ['funnel, 2 years', `${insights}/funnel?from=${day(730)}&to=${day(0)}`],
      ['funnel, one campaign', `${insights}/funnel?${year}&campaign=season-3`],
      ['by campaign, 12 months', `${insights}/campaigns?${year}`],
      ['by member, 12 months', `${insights}/sponsors?${year}`],
      ['one member, all time', `${insights}/sponsors/${sponsor[0].id}`],
    ];
    for (const [, url] of insightCases) await fetch(url, { headers: { authorization: AUTH } }).then((r) => r.text());
    say(
      `\nGET /api/admin/insights on ${ROWS.toLocaleString('en-US')} sign-ups and ${PAGE_VIEWS.toLocaleString('en-US')} page views, ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    let worstInsight = 0;
    for (const [name, url] of insightCases) {
      const r = await measure(url);
      worstInsight = Math.max(worstInsight, r.p95);
      say(
        `  ${name.padEnd(24)} p50 ${String(r.p50).padStart(4)} ms   p95 ${String(r.p95).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   ${r.rps.toFixed(0).padStart(5)} req/s   errors ${r.failures}`,
      );
    }
    say(`  worst p95 ${worstInsight} ms (aim: < 200 ms) ${worstInsight < 200 ? 'OK' : 'OVER'}`);
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
