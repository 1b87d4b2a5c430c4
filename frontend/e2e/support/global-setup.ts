import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' };
export const E2E_CONCIERGE_PASSWORD = 'e2e-concierge-password';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

declare global {
  // eslint-disable-next-line no-var
  var __E2E_APP__: ChildProcess | undefined;
}

/**
 * Starts the whole app with `node infra/start.mjs`, as `npm start` does, on free ports, with a
 * fresh database, a private Redis prefix and its own mail catcher. Tests read the addresses
 * from process.env (E2E_BASE_URL, E2E_MAIL_API).
 */
export default async function globalSetup(): Promise<void> {
  const [port, smtpPort, webPort] = [await freePort(), await freePort(), await freePort()];
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_NAME: `mf_e2e_${suffix}`,
    FRESH_DATABASE: '1',
    REDIS_PREFIX: `mfe${suffix}`,
    MAILDEV_SMTP_PORT: String(smtpPort),
    MAILDEV_WEB_PORT: String(webPort),
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    CONCIERGE_PASSWORD: E2E_CONCIERGE_PASSWORD,
    RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
    QUEUE_BACKOFF_MS: '200',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'OPENAI_API_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'GOOGLE_MAPS_API_KEY', 'PHOTON_URL']) {
    delete env[key];
  }
  const child = spawn(process.execPath, [resolve(ROOT, 'infra', 'start.mjs')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  globalThis.__E2E_APP__ = child;
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} before it was ready`);
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('The app did not become healthy in time');
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.E2E_BASE_URL = base;
  process.env.E2E_MAIL_API = `http://127.0.0.1:${webPort}/api`;
  process.env.E2E_ADMIN_USERNAME = E2E_ADMIN.username;
  process.env.E2E_ADMIN_PASSWORD = E2E_ADMIN.password;
  process.env.E2E_CONCIERGE_PASSWORD = E2E_CONCIERGE_PASSWORD;
}
