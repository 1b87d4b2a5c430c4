#!/usr/bin/env node
/**
 * `npm start`: the whole app on http://localhost:3000 with real embedded defaults for whatever
 * is not configured. Installs and builds when needed, finds or starts PostgreSQL, Redis and a
 * mail catcher, then runs the api (which serves the built frontend) and the worker. Either
 * one that dies is started again (1 s, doubling to 30 s; after 5 stops within a minute the
 * launcher stops and says why); Ctrl+C or SIGTERM stops everything.
 *
 * `npm run dev` (--dev): the same services, but the backend is compiled by `tsc --watch` and the
 * api and worker restart when it emits a change (`node --watch`), and the site is Vite's dev
 * server with hot module replacement on DEV_PORT (5173), proxying /api and /admin/queues to the api.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, ROOT } from './lib/prepare.mjs';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const say = (message) => process.stdout.write(`[maison] ${message}\n`);
/** How long the api may take to answer its health check before the start is called failed. */
const HEALTH_TIMEOUT_MS = 90_000;

/** A secret kept under .data/ so it survives restarts without living in the repo. */
function persistentSecret(name, make) {
  const file = join(ROOT, '.data', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(join(ROOT, '.data'), { recursive: true });
  const value = make();
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

async function main() {
  ensureInstalled();
  const require = createRequire(import.meta.url);
  const services = require('./lib/services.cjs');
  const { supervise } = require('./lib/supervisor.cjs');
  services.loadDotEnv();
  // In dev mode tsc and Vite build as they watch; nothing is built up front.
  if (!dev && !args.has('--no-build')) await ensureBuilt();

  const env = { ...process.env };
  env.NODE_ENV ||= dev ? 'development' : 'production';
  env.PORT ||= '3000';
  const devPort = env.DEV_PORT || '5173';
  env.APP_URL ||= `http://localhost:${dev ? devPort : env.PORT}`;
  // In dev mode Vite serves the site; the api serves only /api.
  env.FRONTEND_DIST = dev ? '' : env.FRONTEND_DIST || join(ROOT, 'frontend', 'dist');

  const pg = await services.findPostgres(env.DATABASE_URL);
  const databaseUrl = env.DATABASE_URL || services.withDatabase(pg.url, env.DATABASE_NAME || 'maison_fortuna');
  await services.ensureDatabase(databaseUrl, { fresh: env.FRESH_DATABASE === '1' });
  env.DATABASE_URL = databaseUrl;

  const redis = await services.findRedis(env.REDIS_URL);
  env.REDIS_URL = redis.url;

  let mail;
  if (!env.SMTP_URL) {
    mail = await services.startMailCatcher({
      smtpPort: Number(env.MAILDEV_SMTP_PORT) || undefined,
      webPort: Number(env.MAILDEV_WEB_PORT) || undefined,
    });
    env.SMTP_URL = mail.smtpUrl;
  }

  // The worker's /metrics: a free port, so two checkouts started on one machine never collide.
  env.METRICS_PORT ||= String(await services.freePort());
  env.SESSION_SECRET ||= persistentSecret('session-secret', () => randomBytes(32).toString('hex'));
  let generatedConcierge = false;
  if (!env.CONCIERGE_PASSWORD) {
    env.CONCIERGE_PASSWORD = persistentSecret('concierge-password', () => randomBytes(9).toString('base64url'));
    generatedConcierge = true;
  }

  /** The api and the worker: restarted when they die (see lib/supervisor.cjs). */
  const supervised = [];
  /** Dev mode's compiler and Vite: when one of them dies, everything stops. */
  const others = [];
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    for (const supervisor of supervised) supervisor.halt();
    const children = [...supervised.map((supervisor) => supervisor.child), ...others];
    // A child killed by a signal has no exit code, only a signal code.
    const exited = (child) => child.exitCode !== null || child.signalCode !== null;
    for (const child of children) if (!exited(child)) child.kill('SIGTERM');
    // A process stuck on an unreachable service may never finish its shutdown: 10 s, then SIGKILL.
    const killer = setTimeout(() => children.forEach((child) => exited(child) || child.kill('SIGKILL')), 10_000);
    await Promise.all(children.map((child) => new Promise((r) => (exited(child) ? r() : child.once('exit', r)))));
    clearTimeout(killer);
    await mail?.close().catch(() => undefined);
    await services.stopEmbeddedPostgres();
    process.exit(code);
  };
  const run = (name, command, commandArgs, options = {}) => {
    const child = spawn(command, commandArgs, { env, stdio: 'inherit', ...options });
    child.once('exit', (code, signal) => {
      if (!stopping) {
        say(`${name} stopped (${signal ? `killed by ${signal}` : `exit code ${code}`}); stopping everything.`);
        void stop(code || 1);
      }
    });
    others.push(child);
    return child;
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  if (dev) await watchBackend(run);
  for (const name of ['api', 'worker']) {
    const entry = join(ROOT, 'backend', 'dist', 'src', name === 'api' ? 'main.js' : 'worker.js');
    // --watch restarts the process whenever tsc rewrites a file it loaded.
    const commandArgs = [...(dev ? ['--watch'] : []), ...services.SERVER_NODE_FLAGS, entry];
    // The other process keeps serving while one comes back: visitors keep the site, jobs wait in Redis.
    supervised.push(
      supervise({
        name,
        start: () => spawn(process.execPath, commandArgs, { env, stdio: 'inherit' }),
        log: say,
        onGiveUp: (reason) => {
          process.stderr.write(`\n[maison] Stopping: ${reason}\n`);
          void stop(1);
        },
      }),
    );
  }
  if (dev) {
    run(
      'vite',
      process.execPath,
      [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), '--port', devPort, '--strictPort'],
      {
        cwd: join(ROOT, 'frontend'),
        env: { ...env, API_PROXY_TARGET: `http://127.0.0.1:${env.PORT}` },
      },
    );
  }

  const health = `http://127.0.0.1:${env.PORT}/api/health`;
  let last = 'no answer';
  for (const deadline = Date.now() + HEALTH_TIMEOUT_MS; !stopping;) {
    const answer = await fetch(health).then(
      async (r) => ({ ok: r.ok, text: `${r.status} ${(await r.text()).slice(0, 200)}` }),
      (error) => ({ ok: false, text: error.cause?.code ?? error.message }),
    );
    if (answer.ok) break;
    last = answer.text;
    if (Date.now() > deadline) {
      const problem = `the api did not answer ${health} healthily within ${HEALTH_TIMEOUT_MS / 1000} s (last answer: ${last}). See the api's log above.`;
      if (dev) {
        // A dev fixes the code and saves: the api restarts and the site comes up without a new start.
        say(`Not healthy yet: ${problem}`);
        break;
      }
      process.stderr.write(`\n[maison] Could not start: ${problem}\n`);
      await stop(1);
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (stopping) return;
  const { hidden } = services;
  const lines = [
    '',
    `  ${env.BRAND_NAME ?? 'Maison Fortuna'} is running${dev ? ' in dev mode (changes reload by themselves)' : ''}`,
    `  Site          ${env.APP_URL}`,
    `  Admin         ${env.APP_URL}/admin`,
    `  Queues        ${env.APP_URL}/admin/queues`,
    `  Metrics       http://localhost:${env.PORT}/metrics (api)${Number(env.METRICS_PORT) ? `, http://localhost:${env.METRICS_PORT}/metrics (worker)` : ''}`,
    dev ? `  API           http://localhost:${env.PORT}/api` : null,
    `  Mail inbox    ${mail ? mail.inboxUrl : `(SMTP_URL is set: ${hidden(env.SMTP_URL)})`}`,
    `  PostgreSQL    ${hidden(databaseUrl)} (${pg.kind})`,
    `  Redis         ${hidden(redis.url)} (${redis.kind})`,
    generatedConcierge
      ? `  Concierge password (generated, kept in .data/concierge-password): ${env.CONCIERGE_PASSWORD}`
      : null,
    '',
  ].filter((line) => line !== null);
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * Dev mode: `tsc --watch` keeps backend/dist current. Resolves after its first compilation, so
 * the api and worker start on fresh output and restart only for later changes.
 */
function watchBackend(run) {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const child = run(
    'tsc',
    process.execPath,
    [tsc, '-p', 'backend/tsconfig.build.json', '--watch', '--preserveWatchOutput'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  say('Compiling the backend (tsc --watch)...');
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (/Watching for file changes/.test(chunk.toString())) resolve();
    });
  });
}

main().catch((error) => {
  process.stderr.write(`\n[maison] Could not start: ${error.message}\n`);
  process.exit(1);
});
