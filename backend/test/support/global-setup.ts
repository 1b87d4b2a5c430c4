import { randomBytes } from 'node:crypto';
import { TEST_WORKERS, workerServices } from './test-workers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require('../../../infra/lib/services.cjs');

/**
 * A fresh database and a private Redis database number and key prefix for this run (and for each
 * of its workers: test-workers.ts), so runs never
 * see each other's data nor the developer's (several may run at once on one machine). The servers
 * are TEST_DATABASE_URL / TEST_REDIS_URL, else those of DATABASE_URL / REDIS_URL, else local ones
 * (see findTestServices). createTestApp applies the migrations, as main.ts does (ORM metadata
 * cannot cross from this realm into the tests').
 */
export default async function globalSetup(): Promise<void> {
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const { databaseUrl, redisUrl } = await services.findTestServices({ database: `mf_test_${suffix}`, redisDb: 1 });
  // The other workers' databases (each worker's own: see test-workers.ts).
  for (let worker = 2; worker <= TEST_WORKERS; worker += 1) {
    await services.ensureDatabase(workerServices(worker, { databaseUrl, redisUrl, redisPrefix: '' }).databaseUrl, {
      fresh: true,
    });
  }
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `mft${suffix}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    APP_URL: 'http://localhost:3000',
    BRAND_NAME: 'Maison Fortuna',
    // Events' times read as UTC unless a test gives a zone: fixed dates and times stay what they say.
    DEFAULT_EVENT_TIME_ZONE: 'UTC',
    QUEUE_BACKOFF_MS: '100',
    QUEUE_ATTEMPTS: '4',
    // The repeatable hold release would keep a delayed job in the queue forever; tests run it by hand.
    HOLD_RELEASE_INTERVAL_SECONDS: '0',
    BOOKING_HOLD_CHECK_SECONDS: '0',
    DATA_EXPORT_CLEANUP_SECONDS: '0',
    WAITLIST_CLEANUP_INTERVAL_SECONDS: '0',
    INSIGHTS_ROLLUP_INTERVAL_SECONDS: '0',
    FRONTEND_DIST: '',
    // Workers serve no /metrics port unless a test gives one (a fixed port would collide across runs).
    METRICS_PORT: '0',
    // Every test shares 127.0.0.1: the members' chat limits are the tests' own (a test of a limit sets it low).
    RATE_LIMIT_CHAT_PER_SESSION_PER_MINUTE: '10000',
    RATE_LIMIT_CHAT_PER_ADDRESS_PER_MINUTE: '10000',
    STREAMS_PER_ADDRESS: '10000',
  });
}
