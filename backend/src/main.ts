import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { loadEnvironment } from './config/environment';
import { configureHttpApp } from './http-app';
import { applyMigrations } from './platform/database/migrate';
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
  await applyMigrations(app.get(MikroORM));
  await app.get(OutboxRelay).start();
  await app.listen(config.PORT);
  app.get(AppLogger).log(`api listening on port ${config.PORT}`);
}

bootstrap().catch(exitOnBootError);
