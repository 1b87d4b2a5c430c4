import type { NextFunction, Request, Response } from 'express';
import type { Logger as Pino } from 'pino';

/** Paths polled by machines: one line each would drown the rest. */
const QUIET = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/metrics']);

/**
 * One log line per answered request (method, path, status, milliseconds; error level for a 5xx),
 * written when the answer is finished or the client has gone. Headers are never logged, so no
 * cookie or authorization value can leak.
 *
 * Not pino-http: it builds two child loggers per request and serializes the whole request into
 * them before knowing whether anything will be logged, work paid on every request even with
 * logging off (bench:waitlist measures it).
 */
export function requestLogger(logger: Pino) {
  let sequence = 0;
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!logger.isLevelEnabled('info') || QUIET.has(request.path)) return next();
    const started = performance.now();
    const id = (sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER);
    const done = () => {
      response.off('finish', done);
      response.off('close', done);
      const fields = {
        req: { id, method: request.method, url: request.originalUrl },
        res: { statusCode: response.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (!response.writableFinished) logger.warn(fields, 'request aborted');
      else if (response.statusCode >= 500) logger.error(fields, 'request failed');
      else logger.info(fields, 'request completed');
    };
    response.on('finish', done);
    response.on('close', done);
    next();
  };
}
