import pino, { type DestinationStream, type Logger as Pino } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../../config/environment';

export type LogFormat = 'json' | 'pretty';

/**
 * JSON for machines, readable lines for people: with LOG_FORMAT=auto, a terminal gets readable
 * lines and anything else (a pipe, a file, a container's log driver) gets one JSON object a line.
 */
export function chooseLogFormat(setting: AppConfig['LOG_FORMAT'], isTerminal: boolean): LogFormat {
  if (setting !== 'auto') return setting;
  return isTerminal ? 'pretty' : 'json';
}

/** `[12:04:31] INFO: [Context] message POST /api/x 200 3 ms`: what a person reads, on one line. */
function readableLine(log: Record<string, unknown>, messageKey: string): string {
  const context = log.context ? `[${String(log.context)}] ` : '';
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  const request = req ? ` ${req.method} ${req.url} ${res?.statusCode ?? ''} ${String(log.responseTime ?? '?')} ms` : '';
  return `${context}${String(log[messageKey] ?? '')}${request}`;
}

/** The process's root logger, written to `destination` (stdout unless a test gives another). */
export function createRootLogger(
  config: Pick<AppConfig, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  destination: DestinationStream & { isTTY?: boolean } = process.stdout,
): Pino {
  if (chooseLogFormat(config.LOG_FORMAT, destination.isTTY === true) === 'json') {
    return pino({ level: config.LOG_LEVEL }, destination);
  }
  const stream = pretty({
    destination,
    sync: true,
    colorize: destination.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,context,req,res,responseTime',
    singleLine: true,
    messageFormat: readableLine,
  });
  return pino({ level: config.LOG_LEVEL }, stream);
}
