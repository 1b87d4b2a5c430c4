import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import { loadEnvironment } from './config/environment';
import { exitOnBootError } from './platform/boot';
import { AppLogger } from './platform/logging/app-logger';
import { applyMigrations } from './platform/database/migrate';
import { OutboxRelay } from './platform/queue/outbox-relay.service';
import { WorkerModule } from './worker.module';

async function bootstrap(): Promise<void> {
  loadEnvironment();
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  app.useLogger(app.get(AppLogger));
  app.enableShutdownHooks();
  await applyMigrations(app.get(MikroORM));
  await app.get(OutboxRelay).start();
  app.get(AppLogger).log('worker started');
}

bootstrap().catch(exitOnBootError);
