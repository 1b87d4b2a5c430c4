import type { LoggerService } from '@nestjs/common';
import type { Level, Logger as Pino } from 'pino';

/** A stack trace as Nest's own exception handlers pass it: `error(message, stack)`. */
const STACK = /\n\s*at /;

/**
 * Nest's start-up chatter (each module loaded, each route mapped, started): worth seeing when the
 * wiring is in doubt (LOG_LEVEL=debug), noise on every start.
 */
const FRAMEWORK_CHATTER = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

/**
 * Nest's LoggerService on pino: `log(message, ...params, context)` becomes
 * `{context, err?} message`, the same shape nestjs-pino wrote.
 */
export class AppLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write(FRAMEWORK_CHATTER.has(params[params.length - 1] as string) ? 'debug' : 'info', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    const rest = params.length > 0 ? params.slice(0, -1) : [];
    if (params.length > 0) fields.context = params[params.length - 1];
    if (message instanceof Error) {
      fields.err = message;
      this.pino[level](fields, ...(rest as []));
    } else if (typeof message === 'object' && message !== null) {
      this.pino[level]({ ...fields, ...message }, ...(rest as []));
    } else if (level === 'error' && typeof message === 'string' && rest.length === 1 && STACK.test(String(rest[0]))) {
      const err = new Error(message);
      err.stack = String(rest[0]);
      this.pino[level]({ ...fields, err });
    } else {
      this.pino[level](fields, String(message), ...(rest as []));
    }
  }
}
