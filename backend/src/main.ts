import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { loadEnvironment } from './config/environment';
import { configureHttpApp } from './http-app';
import { applyMigrations, waitForMigrations } from './platform/database/migrate';
import { ProcessDrain } from './platform/http/process-drain';
import { OutboxRelay } from './platform/queue/outbox-relay.service';
import { exitOnBootError } from './platform/boot';
import { AppLogger } from './platform/logging/app-logger';
import { ExpressHttpAdapter } from './platform/http/express-http-adapter';

async function bootstrap(): Promise<void> {
  const config = loadEnvironment();
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new ExpressHttpAdapter(), {
    bufferLogs: true,
    rawBody: true,
    bodyParser: false,
  });
  app.useLogger(app.get(AppLogger));
  configureHttpApp(app, config);
  const logger = app.get(AppLogger);
  // SIGTERM (a deploy, a scale-down) drains: nothing in flight is lost; a second signal exits at once.
  const drain = app.get(ProcessDrain);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      process.once(signal, () => process.exit(1));
      drain.drainAndClose(app).then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
    });
  }
  if (config.MIGRATE_ON_START) await applyMigrations(app.get(MikroORM));
  else waitForMigrations(app.get(MikroORM), (message) => logger.log(message, 'Migrations'));
  await app.get(OutboxRelay).start();
  await app.listen(config.PORT);
  logger.log(`api listening on port ${config.PORT}`);
}

bootstrap().catch(exitOnBootError);
