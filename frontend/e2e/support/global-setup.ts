import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' };
export const E2E_CONCIERGE_PASSWORD = 'e2e-concierge-password';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const services = createRequire(import.meta.url)(resolve(ROOT, 'infra', 'lib', 'services.cjs'));

/** Settings of the developer's that must never reach the e2e app: an empty value means "use the default". */
const CLEARED = [
  'SMTP_URL',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_URL',
  'GOOGLE_MAPS_API_KEY',
  'PHOTON_URL',
  'NOMINATIM_URL',
  'ADMIN_NOTIFY_EMAIL',
  'FRESH_DATABASE',
  'WEBAUTHN_RP_ID',
  'WEBAUTHN_ORIGINS',
  'WEBAUTHN_RP_NAME',
];

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
  var __E2E_APP__: { child: ChildProcess; databaseUrl: string; redisUrl: string; redisPrefix: string } | undefined;
}

/**
 * Starts the whole app with `node infra/start.mjs`, as `npm start` does, on free ports, with a
 * fresh mf_e2e_* database, its own Redis database number (2) and key prefix, and its own mail
 * catcher. The servers are found as for the backend tests (TEST_DATABASE_URL, else the server of
 * DATABASE_URL, else a local one). The app is told every address and never reads .env
 * (SKIP_DOTENV), so nothing a developer configured for real use can be reached from a test.
 * Tests read the addresses from process.env (E2E_BASE_URL, E2E_MAIL_API, E2E_DATABASE_URL).
 */
export default async function globalSetup(): Promise<void> {
  const [port, smtpPort, webPort] = [await freePort(), await freePort(), await freePort()];
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const redisPrefix = `mfe${suffix}`;
  const { databaseUrl, redisUrl } = await services.findTestServices({ database: `mf_e2e_${suffix}`, redisDb: 2 });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...Object.fromEntries(CLEARED.map((key) => [key, ''])),
    SKIP_DOTENV: '1',
    NODE_ENV: 'production',
    PORT: String(port),
    // localhost, not 127.0.0.1: browsers refuse passkeys on an IP address, and the relying party's
    // id and origin come from APP_URL (members.spec.ts registers one).
    APP_URL: `http://localhost:${port}`,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    MAILDEV_SMTP_PORT: String(smtpPort),
    MAILDEV_WEB_PORT: String(webPort),
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    CONCIERGE_PASSWORD: E2E_CONCIERGE_PASSWORD,
    RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
    RATE_LIMIT_CHAT_PER_ADDRESS_PER_MINUTE: '1000',
    RATE_LIMIT_MEMBER_SIGN_IN_PER_ADDRESS_PER_HOUR: '1000',
    STREAMS_PER_ADDRESS: '1000',
    QUEUE_BACKOFF_MS: '200',
    // The door's e2e reads an evening's times on UTC's clock.
    DEFAULT_EVENT_TIME_ZONE: 'UTC',
    // Replies long enough in time to reload or press Stop while they stream.
    OFFLINE_REPLY_PIECE_DELAY_MS: '40',
    // The insights funnel is rebuilt by a repeating job: often enough that a sign-up shows within seconds.
    INSIGHTS_ROLLUP_INTERVAL_SECONDS: '3',
    // Every browser test signs up from 127.0.0.1: a nomination is not suspect for that here
    // (backend/test/nominations.spec.ts proves the check with its own limit).
    NOMINATION_CLIENT_LIMIT: '100000',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  };
  const child = spawn(process.execPath, [resolve(ROOT, 'infra', 'start.mjs')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  globalThis.__E2E_APP__ = { child, databaseUrl, redisUrl, redisPrefix };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} before it was ready`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('The app did not become healthy in time');
    await new Promise((r) => setTimeout(r, 250));
  }
  // The pages are opened where APP_URL says, so that links in emails and the passkeys' origin match.
  process.env.E2E_BASE_URL = `http://localhost:${port}`;
  process.env.E2E_DATABASE_URL = databaseUrl;
  process.env.E2E_MAIL_API = `http://127.0.0.1:${webPort}/api`;
  process.env.E2E_ADMIN_USERNAME = E2E_ADMIN.username;
  process.env.E2E_ADMIN_PASSWORD = E2E_ADMIN.password;
  process.env.E2E_CONCIERGE_PASSWORD = E2E_CONCIERGE_PASSWORD;
}
