#!/usr/bin/env node
/**
 * `npm start`: the whole app on http://localhost:3000 with real embedded defaults for whatever
 * is not configured. Installs and builds when needed, finds or starts PostgreSQL, Redis and a
 * mail catcher, then runs the api (which serves the built frontend) and the worker.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, ROOT } from './lib/prepare.mjs';

const args = new Set(process.argv.slice(2));
const say = (message) => process.stdout.write(`[maison] ${message}\n`);

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
  services.loadDotEnv();
  if (!args.has('--no-build')) await ensureBuilt();

  const env = { ...process.env };
  env.NODE_ENV ||= 'production';
  env.PORT ||= '3000';
  env.APP_URL ||= `http://localhost:${env.PORT}`;
  env.FRONTEND_DIST ||= join(ROOT, 'frontend', 'dist');

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

  env.SESSION_SECRET ||= persistentSecret('session-secret', () => randomBytes(32).toString('hex'));
  let generatedConcierge = false;
  if (!env.CONCIERGE_PASSWORD) {
    env.CONCIERGE_PASSWORD = persistentSecret('concierge-password', () => randomBytes(9).toString('base64url'));
    generatedConcierge = true;
  }

  const children = [];
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)))));
    await mail?.close().catch(() => undefined);
    await services.stopEmbeddedPostgres();
    process.exit(code);
  };
  for (const name of ['api', 'worker']) {
    const entry = join(ROOT, 'backend', 'dist', 'src', name === 'api' ? 'main.js' : 'worker.js');
    const child = spawn(process.execPath, ['--enable-source-maps', entry], { env, stdio: 'inherit' });
    child.once('exit', (code) => {
      if (!stopping) {
        say(`${name} stopped (exit code ${code}); stopping everything.`);
        void stop(code || 1);
      }
    });
    children.push(child);
  }
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const health = `http://127.0.0.1:${env.PORT}/api/health`;
  for (let i = 0; i < 600 && !stopping; i += 1) {
    const ok = await fetch(health).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (stopping) return;
  const hidden = (url) => url.replace(/:[^:@/]*@/, ':***@');
  const lines = [
    '',
    `  ${env.BRAND_NAME ?? 'Maison Fortuna'} is running`,
    `  Site          ${env.APP_URL}`,
    `  Admin         ${env.APP_URL}/admin`,
    `  Queues        ${env.APP_URL}/admin/queues`,
    `  Mail inbox    ${mail ? mail.inboxUrl : `(SMTP_URL is set: ${hidden(env.SMTP_URL)})`}`,
    `  PostgreSQL    ${hidden(databaseUrl)} (${pg.kind})`,
    `  Redis         ${hidden(redis.url)} (${redis.kind})`,
    generatedConcierge ? `  Concierge password (generated, kept in .data/concierge-password): ${env.CONCIERGE_PASSWORD}` : null,
    '',
  ].filter((line) => line !== null);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`\n[maison] Could not start: ${error.message}\n`);
  process.exit(1);
});
