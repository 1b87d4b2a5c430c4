import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { AppModule } from '../../src/app.module';
import { loadEnvironment } from '../../src/config/environment';
import { configureHttpApp } from '../../src/http-app';
import { applyMigrations } from '../../src/platform/database/migrate';
import { ExpressHttpAdapter } from '../../src/platform/http/express-http-adapter';
import { OutboxRelay } from '../../src/platform/queue/outbox-relay.service';
import { ALL_QUEUES } from '../../src/platform/queue/queue-names';
import { REDIS } from '../../src/platform/redis/redis.module';
import { WorkerModule } from '../../src/worker.module';
import { checkAnswersAgainstContract } from './contract';
import { startOwnPostgres } from './own-postgres';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require('../../../infra/lib/services.cjs');

/**
 * Jobs planned ahead (event reminders, days; the staff's digest email, at the end of its minute; a
 * member's email of news on a request, a minute or more ahead): drain() does not wait for them.
 */
const FAR_AHEAD_JOBS = new Set(['event.reminders', 'staff.digest', 'member-notice.send']);

/**
 * The databases a test app of this file has emptied. Jest loads this module afresh for each test
 * file, so every file's first app on a database starts it empty, with no queue, job or counter an
 * earlier file left on its worker: no file depends on which files ran before it, or beside it.
 */
const emptied = new Set<string>();

export interface TestApp {
  app: NestExpressApplication;
  /** The worker process's modules, when started with `worker: true`. */
  worker?: INestApplicationContext;
  http: ReturnType<NestExpressApplication['getHttpServer']>;
  orm: MikroORM;
  queue(name: string): Queue;
  /**
   * Waits until the outbox is empty and no queue has waiting, active or delayed jobs. Delayed
   * event reminders (days ahead) and staff digests (a minute ahead) do not count: a test moves
   * those on itself (job.promote()).
   */
  drain(timeoutMs?: number): Promise<void>;
  /** Waits until every committed outbox row is in its queue (for tests without a worker). */
  drainOutbox(timeoutMs?: number): Promise<void>;
  /** Empties every table (but the migrations) and every queue and counter of this run. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Boots the real api (and optionally the real worker) on the run's fresh PostgreSQL database and
 * Redis prefix. `env` overrides settings for this app only (e.g. SMTP_URL of a test SMTP server).
 */
export async function createTestApp(
  options: { worker?: boolean; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const saved: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(options.env ?? {})) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  try {
    const config = loadEnvironment();
    const app = await NestFactory.create<NestExpressApplication>(AppModule, new ExpressHttpAdapter(), {
      logger: false,
      abortOnError: false,
      rawBody: true,
      bodyParser: false,
    });
    configureHttpApp(app, config);
    await applyMigrations(app.get<MikroORM>(MikroORM));
    await app.init();
    checkAnswersAgainstContract(app);
    await app.get(OutboxRelay).start();
    let worker: INestApplicationContext | undefined;
    if (options.worker) {
      worker = await NestFactory.createApplicationContext(WorkerModule.for(config), {
        logger: false,
        abortOnError: false,
      });
      await worker.init();
    }
    const orm = app.get<MikroORM>(MikroORM);
    const queue = (name: string) => app.get<Queue>(getQueueToken(name), { strict: false });

    const pendingOutbox = async () => {
      const [{ count }] = await orm.em
        .getConnection()
        .execute<Array<{ count: string }>>(
          'select count(*)::int as count from outbox_messages where dispatched_at is null',
        );
      return Number(count);
    };
    const drainOutbox = async (timeoutMs = 15000) => {
      const deadline = Date.now() + timeoutMs;
      while ((await pendingOutbox()) > 0) {
        if (Date.now() > deadline) throw new Error(`Outbox did not drain in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    // Idle must be seen on a few polls in a row: the outbox and the queues are read one after the
    // other, and a job that commits an outbox row and completes between the two reads (or the
    // relay, moving a row into a queue) would otherwise look like no work at all.
    const IDLE_POLLS = 3;
    const drain = async (timeoutMs = 15000) => {
      const deadline = Date.now() + timeoutMs;
      for (let idle = 0; ;) {
        const count = await pendingOutbox();
        const counts = await Promise.all(
          ALL_QUEUES.map((name) =>
            queue(name).getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children'),
          ),
        );
        // Reminders are planned days ahead: a test runs them itself (job.promote()).
        const delayed = await Promise.all(ALL_QUEUES.map((name) => queue(name).getDelayed()));
        const farAhead = delayed.flat().filter((job) => job && FAR_AHEAD_JOBS.has(job.name)).length;
        const busy =
          Number(count) - farAhead + counts.reduce((sum, c) => sum + Object.values(c).reduce((a, b) => a + b, 0), 0);
        idle = busy === 0 ? idle + 1 : 0;
        if (idle === IDLE_POLLS) return;
        if (Date.now() > deadline) throw new Error(`Queues did not drain in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };

    const reset = async () => {
      await (worker ? drain() : drainOutbox()).catch(() => undefined);
      const tables = await orm.em.getConnection().execute<Array<{ tablename: string }>>(
        // audit_log and consent_ledger refuse TRUNCATE (append-only): their rows outlive a reset; tests read the rows they made.
        `select tablename from pg_tables where schemaname = 'public'
            and tablename not in ('mikro_orm_migrations', 'audit_log', 'consent_ledger')`,
      );
      if (tables.length) {
        const truncate = `truncate ${tables.map((table) => `"${table.tablename}"`).join(', ')} cascade`;
        try {
          await orm.em
            .getConnection()
            .getKnex()
            .transaction(async (trx) => {
              await trx.raw(`set local lock_timeout = '10s'`);
              await trx.raw(truncate);
            });
        } catch (error) {
          if ((error as { code?: string }).code !== '55P03') throw error;
          // A transaction left open (by this run's code or a test's) holds a table: name it
          // instead of leaving the hook to time out.
          const holders = await orm.em.getConnection().execute(
            `select pid, state, backend_type, (clock_timestamp() - xact_start)::text as open_for, left(query, 300) as query
               from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
          );
          throw new Error(`reset: tables stayed locked for 10 s by ${JSON.stringify(holders)}`);
        }
      }
      await Promise.all(ALL_QUEUES.map((name) => queue(name).obliterate({ force: true })));
      const redis = app.get<Redis>(REDIS);
      const keys = await redis.keys(`${config.REDIS_PREFIX}:rl:*`);
      if (keys.length) await redis.del(...keys);
    };

    if (!emptied.has(config.DATABASE_URL)) {
      emptied.add(config.DATABASE_URL);
      await reset();
    }

    return {
      app,
      worker,
      http: app.getHttpServer(),
      orm,
      queue,
      drain,
      drainOutbox,
      reset,
      close: async () => {
        // What this app committed is moved before it closes, so no later test's app relays it.
        await drainOutbox(5000).catch(() => undefined);
        await worker?.close();
        await app.close();
      },
    };
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * The real api on a PostgreSQL of the test's own (a database named `databaseName` on it), for
 * tests that stop the database under the app. `close` closes the app, then removes the server.
 */
export async function createTestAppOnOwnPostgres(databaseName: string) {
  const postgres = await startOwnPostgres(await services.freePort());
  const databaseUrl = services.withDatabase(postgres.url, databaseName);
  await services.ensureDatabase(databaseUrl);
  const t = await createTestApp({ env: { DATABASE_URL: databaseUrl } });
  return {
    t,
    postgres,
    close: async () => {
      await t.close().catch(() => undefined);
      await postgres.remove();
    },
  };
}

export type { INestApplication };
