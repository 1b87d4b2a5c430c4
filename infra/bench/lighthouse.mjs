#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: builds and starts the app as `npm start` does (infra/start.mjs), on a
 * database of its own, seeds a launch-party invitation, then runs Lighthouse 12.2.3 in headless
 * Chromium on /, /invitation/{code} and /vendor-apply: BENCH_RUNS (3) runs each, mobile (Lighthouse's
 * default: a mid-range phone, simulated slow 4G and 4x CPU slowdown) and desktop. Prints the median
 * of each score and metric beside the aims of issue 17, and the first-load JavaScript and total
 * transfer of /.
 *
 * CHROMIUM_PATH (default /usr/bin/chromium), BENCH_RUNS and BENCH_PAGES (some of
 * "landing,invitation,vendor-apply") override. Each run's whole report is kept in .data/lighthouse/.
 */
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { landingFirstLoad } from '../lib/landing-bundle.mjs';
import { ensureBuilt, ROOT } from '../lib/prepare.mjs';

const require = createRequire(import.meta.url);
const services = require('../lib/services.cjs');

const RUNS = Number(process.env.BENCH_RUNS || 3);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ADMIN = { username: 'admin', password: 'bench-admin-password' };
const AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Each run's whole Lighthouse report (JSON), for a look at what it found. */
const REPORTS = join(ROOT, '.data', 'lighthouse');

const say = (message) => process.stdout.write(`${message}\n`);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The app as `npm start` starts it (api, worker, migrations), on its own port, database and Redis prefix. */
async function startApp(databaseUrl) {
  const port = await services.freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: `mfbench${randomBytes(3).toString('hex')}`,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    CONCIERGE_PASSWORD: 'bench-concierge',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, [join(ROOT, 'infra/start.mjs'), '--no-build'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 1200; i += 1) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null) throw new Error('the app stopped while starting');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base: `http://localhost:${port}`,
    redisPrefix: env.REDIS_PREFIX,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function adminPost(base, path, data) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    body: JSON.stringify(data),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** A published paid gala and a guest's invitation to it, as an administrator makes them. */
async function seedInvitation(base) {
  const event = await adminPost(base, '/api/admin/events', {
    name: 'Riviera Gala',
    description: 'An evening on the terrace to open the season.',
    eventType: 'gala',
    date: '2027-06-12',
    startTime: '19:00',
    endTime: '23:00',
    venue: 'Hôtel de Paris',
    venueAddress: 'Place du Casino',
    city: 'Monte-Carlo',
    state: 'Monaco',
    country: 'Monaco',
    zipCode: '98000',
    capacity: 50,
    ticketPrice: 250,
    currency: 'EUR',
    isPrivate: true,
    organizer: 'Maison Fortuna',
    organizerContact: 'events@maisonfortuna.local',
    status: 'published',
  });
  const invitation = await adminPost(base, '/api/admin/invitations', {
    eventId: event.id,
    recipientName: 'Grace Kelly',
    recipientEmail: 'grace@example.com',
    maxGuests: 2,
  });
  return invitation.invitationCode;
}

function summarise(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    performance: lhr.categories.performance.score * 100,
    accessibility: lhr.categories.accessibility.score * 100,
    bestPractices: lhr.categories['best-practices'].score * 100,
    seo: lhr.categories.seo.score * 100,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndex: audit('speed-index'),
    transfer: audit('total-byte-weight'),
    scriptTransfer: requests
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    lcpElement: JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? {}).match(
      /"snippet":"((?:[^"\\]|\\.)*)"/,
    )?.[1],
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

/** One Lighthouse run; a run whose trace Chromium failed to record (it happens on a busy machine) is run again. */
async function audit(url, formFactor, reportPath) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, formFactor, reportPath);
    } catch (error) {
      if (attempt >= 3) throw error;
      say(`    (run failed, again: ${error.message})`);
    }
  }
}

async function auditOnce(url, formFactor, reportPath) {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const options = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    const result = await lighthouse(url, options, formFactor === 'desktop' ? desktopConfig : undefined);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    writeFileSync(reportPath, result.report);
    return summarise(result.lhr);
  } finally {
    await chrome.kill();
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  await ensureBuilt();
  const server = await services.findPostgres(process.env.DATABASE_URL);
  const redis = await services.findRedis(process.env.REDIS_URL);
  const databaseUrl = services.withDatabase(server.url, 'mf_bench_lighthouse');
  await services.ensureDatabase(databaseUrl, { fresh: true });
  mkdirSync(REPORTS, { recursive: true });
  const app = await startApp(databaseUrl);
  const results = [];
  try {
    const code = await seedInvitation(app.base);
    const wanted = process.env.BENCH_PAGES?.split(',');
    const all = { landing: '/', invitation: `/invitation/${code}`, 'vendor-apply': '/vendor-apply' };
    const pages = Object.entries(all)
      .filter(([name]) => !wanted || wanted.includes(name))
      .map(([, path]) => path);
    for (const path of pages) {
      for (const formFactor of ['mobile', 'desktop']) {
        const runs = [];
        for (let run = 1; run <= RUNS; run += 1) {
          const name = `${path === '/' ? 'landing' : path.split('/')[1]}-${formFactor}-${run}.json`;
          const summary = await audit(`${app.base}${path}`, formFactor, join(REPORTS, name));
          runs.push(summary);
          say(
            `  ${path} ${formFactor} run ${run}: performance ${summary.performance}, FCP ${seconds(summary.fcp)}, LCP ${seconds(summary.lcp)}, TBT ${Math.round(summary.tbt)} ms, CLS ${summary.cls.toFixed(3)}, a11y ${summary.accessibility}, BP ${summary.bestPractices}, SEO ${summary.seo}, transfer ${kib(summary.transfer)}`,
          );
          if (run === 1 && summary.failing.length) say(`    audits not passed: ${summary.failing.join(', ')}`);
          if (run === 1 && summary.lcpElement) say(`    LCP element: ${summary.lcpElement.slice(0, 120)}`);
        }
        const m = (key) => median(runs.map((r) => r[key]));
        results.push({
          path,
          formFactor,
          performance: m('performance'),
          accessibility: m('accessibility'),
          bestPractices: m('bestPractices'),
          seo: m('seo'),
          fcp: m('fcp'),
          lcp: m('lcp'),
          tbt: m('tbt'),
          cls: m('cls'),
          transfer: m('transfer'),
          scriptTransfer: m('scriptTransfer'),
        });
      }
    }
  } finally {
    await app.close();
    await services.dropDatabase(databaseUrl).catch(() => undefined);
    await services.deleteRedisKeys(redis.url, app.redisPrefix).catch(() => undefined);
  }

  say(`\nLighthouse 12.2.3, median of ${RUNS} runs each (headless Chromium; mobile: simulated slow 4G, 4x CPU)`);
  say('| page | preset | performance | FCP | LCP | TBT | CLS | a11y | BP | SEO | transfer |');
  say('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    const page = r.path.startsWith('/invitation/') ? '/invitation/{code}' : r.path;
    say(
      `| ${page} | ${r.formFactor} | ${r.performance} | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${kib(r.transfer)} |`,
    );
  }
  const firstLoad = landingFirstLoad(join(ROOT, 'frontend', 'dist'));
  const landingMobile = results.find((r) => r.path === '/' && r.formFactor === 'mobile');
  const checks = [];
  if (landingMobile) {
    checks.push(
      ['/ mobile performance', landingMobile.performance, '>= 95', landingMobile.performance >= 95],
      ['/ mobile LCP', seconds(landingMobile.lcp), '< 2.0 s', landingMobile.lcp < 2000],
      ['/ mobile TBT', `${Math.round(landingMobile.tbt)} ms`, '< 150 ms', landingMobile.tbt < 150],
      ['/ mobile CLS', landingMobile.cls.toFixed(3), '< 0.05', landingMobile.cls < 0.05],
      [
        '/ mobile accessibility, best practices, SEO',
        `${landingMobile.accessibility}, ${landingMobile.bestPractices}, ${landingMobile.seo}`,
        '100 each',
        landingMobile.accessibility === 100 && landingMobile.bestPractices === 100 && landingMobile.seo === 100,
      ],
      ['/ first view transfer (mobile)', kib(landingMobile.transfer), '< 250 KB', landingMobile.transfer < 250 * 1024],
      [
        '/ scripts transferred (mobile)',
        kib(landingMobile.scriptTransfer),
        '< 100 KB',
        landingMobile.scriptTransfer < 100 * 1024,
      ],
    );
  }
  checks.push([
    '/ first-load JavaScript (build, brotli)',
    kib(firstLoad.compressedBytes),
    '< 100 KB',
    firstLoad.compressedBytes < 100 * 1024,
  ]);
  for (const r of results.filter((x) => x.path !== '/' && x.formFactor === 'mobile')) {
    const page = r.path.startsWith('/invitation/') ? '/invitation/{code}' : r.path;
    checks.push([`${page} mobile performance`, r.performance, '>= 90', r.performance >= 90]);
  }
  say('\n| aim | measured | target | met |');
  say('| --- | --- | --- | --- |');
  for (const [name, value, target, met] of checks) say(`| ${name} | ${value} | ${target} | ${met ? 'yes' : 'NO'} |`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
