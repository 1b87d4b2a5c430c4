import { Global, Module } from '@nestjs/common';
import type { Logger as Pino } from 'pino';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { AppLogger } from './app-logger';
import { createRootLogger } from './log-format';

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * One pino logger per process (JSON, or readable lines on a terminal: log-format.ts), behind
 * Nest's logger interface (AppLogger); request lines come from
 * request-logger.ts, which never logs headers (so no cookie or authorization value to redact).
 * Unlike nestjs-pino, no per-request AsyncLocalStorage store: together with
 * MikroORM's request context it cost a large share of the api's CPU per request (bench:waitlist),
 * and our services log their own context.
 */
@Global()
@Module({
  providers: [
    {
      provide: ROOT_LOGGER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Pino => createRootLogger(config),
    },
    { provide: AppLogger, inject: [ROOT_LOGGER], useFactory: (root: Pino) => new AppLogger(root) },
  ],
  exports: [ROOT_LOGGER, AppLogger],
})
export class LoggingModule {}
