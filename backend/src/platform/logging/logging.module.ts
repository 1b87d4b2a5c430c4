import { Global, Module } from '@nestjs/common';
import pino, { type Logger as Pino } from 'pino';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { AppLogger } from './app-logger';

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** Secrets that never reach a log line, should a request's headers ever be logged. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/**
 * One pino logger per process, behind Nest's logger interface (AppLogger); request lines come from
 * request-logger.ts. Unlike nestjs-pino, no per-request AsyncLocalStorage store: together with
 * MikroORM's request context it cost about a fifth of the api's CPU per request (bench:waitlist),
 * and our services log their own context.
 */
@Global()
@Module({
  providers: [
    {
      provide: ROOT_LOGGER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Pino => pino({ level: config.LOG_LEVEL, redact: REDACT }),
    },
    { provide: AppLogger, inject: [ROOT_LOGGER], useFactory: (root: Pino) => new AppLogger(root) },
  ],
  exports: [ROOT_LOGGER, AppLogger],
})
export class LoggingModule {}
