import type { NextFunction, Request, Response } from 'express';
import type { Logger as Pino } from 'pino';

/** Paths polled by machines: one line each would drown the rest. */
const QUIET = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/metrics']);

const REDACTED = '[redacted]';

/**
 * Path segments that are bearer secrets, each rule keeping its first group and hiding the segment
 * after it: a guest's invitation code (the page, its payment and thank-you pages, and every
 * /api/invitations/{code} call), the RSVP id that stands for the guest on the payment calls, and a
 * test receipt's charge id. Routing ignores case, so do these.
 */
const SECRET_SEGMENTS: RegExp[] = [
  /^(\/(?:api\/)?invitations?\/)[^/]+/i,
  /^(\/invitations\/[^/]+\/payment\/)[^/]+/i,
  /^(\/api\/rsvp\/)[^/]+/i,
  /^(\/api\/test-payments\/receipts\/)[^/]+/i,
];

/** Query parameters whose value may be a secret: a download link's token, a code, a client secret. */
const SECRET_PARAM = /token|code|secret|password|signature|key/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function redactPath(path: string): string {
  // The site decodes a page's path before it reads it: /%69nvitation/{code} is an invitation too.
  const plain = decoded(path);
  if (!SECRET_SEGMENTS.some((rule) => rule.test(plain))) return path;
  return SECRET_SEGMENTS.reduce((text, rule) => text.replace(rule, `$1${REDACTED}`), plain);
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_PARAM.test(decoded(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * The URL as it may be logged: codes and tokens in the path or the query replaced by
 * `[redacted]`, the rest as sent. An absolute-form URL (`GET http://host/path`) is read the same.
 */
export function redactUrl(url: string): string {
  const [, origin = '', path = '', query] = /^([a-z][\w+.-]*:\/\/[^/?#]*)?([^?#]*)(?:\?([^#]*))?/i.exec(url) ?? [];
  return `${origin}${redactPath(path)}${query === undefined ? '' : `?${redactQuery(query)}`}`;
}

/**
 * One log line per answered request (method, path, status, milliseconds; error level for a 5xx),
 * written when the answer is finished or the client has gone. Headers are never logged, so no
 * cookie or authorization value can leak, and the URL's secrets are redacted (redactUrl).
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
        req: { id, method: request.method, url: redactUrl(request.originalUrl) },
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
