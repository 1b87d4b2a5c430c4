import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import { loadEnvironment } from './config/environment';
import { exitOnBootError } from './platform/boot';
import { AppLogger } from './platform/logging/app-logger';
import { applyMigrations, waitForMigrations } from './platform/database/migrate';
import { ormConfig } from './platform/database/mikro-orm.config';
import { OutboxRelay } from './platform/queue/outbox-relay.service';
import { WorkerModule } from './worker.module';

async function bootstrap(): Promise<void> {
  const config = loadEnvironment();
  // Migrations first, on a connection of their own: the context's start-up hooks already start the
  // job processors and the hold-release schedule, which must never meet a schema still being made.
  // Its summary line waits for the house logger, which only exists with the context.
  // The migrations need no entity (the modules register theirs with the context below).
  const migrator = await MikroORM.init(
    ormConfig(config.DATABASE_URL, { logger: () => undefined, discovery: { warnWhenNoEntities: false } }),
  );
  let applied = '';
  await (
    config.MIGRATE_ON_START
      ? applyMigrations(migrator, (message) => (applied = message))
      : waitForMigrations(migrator, (message) => process.stdout.write(`${message}\n`))
  ).finally(() => migrator.close());
  const app = await NestFactory.createApplicationContext(WorkerModule.for(config), { bufferLogs: true });
  app.useLogger(app.get(AppLogger));
  if (applied) app.get(AppLogger).log(applied, 'Migrations');
  // SIGTERM: the processors stop taking jobs and finish the ones they hold (BullMQ's close) within
  // SHUTDOWN_GRACE_MS; past it the process exits, and a job it still held is taken again by
  // another worker once its lock expires (the processors are idempotent).
  app.enableShutdownHooks();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        app.get(AppLogger).warn(`jobs still running after ${config.SHUTDOWN_GRACE_MS} ms: exiting`);
        process.exit(1);
      }, config.SHUTDOWN_GRACE_MS).unref();
    });
  }
  await app.get(OutboxRelay).start();
  app.get(AppLogger).log('worker started');
}

bootstrap().catch(exitOnBootError);
