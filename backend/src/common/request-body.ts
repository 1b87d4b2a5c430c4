import type { NextFunction, Request, Response } from 'express';
import { AppError } from './app-error';

/** The largest request body any endpoint accepts, whatever its type. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const BODY_TOO_LARGE = 'Request body is too large (1 MB at most).';
const NUL_REFUSED = 'Text may not contain the NUL character (\\u0000). Please remove it and try again.';

function hasBody(request: Request): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}

/**
 * Enforces the body limit on bodies the JSON and form parsers left unread (any other content
 * type): a declared length over the limit is refused at once, and a body of unknown length is
 * counted as it arrives. No endpoint reads such bodies, so they are read and let go.
 */
export function limitUnparsedBodies(request: Request, response: Response, next: NextFunction): void {
  // A body a parser has read is over: its stream has ended.
  if (request.readableEnded || !hasBody(request)) return next();
  const tooLarge = () => {
    // The rest of the body is never read: close the connection once the 413 is sent.
    response.setHeader('Connection', 'close');
    return new AppError('payload_too_large', BODY_TOO_LARGE);
  };
  if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT_BYTES) return next(tooLarge());
  let received = 0;
  let done = false;
  const finish = (error?: AppError) => {
    if (done) return;
    done = true;
    request.off('data', onData);
    if (error) {
      request.unpipe();
      request.pause();
    }
    next(error);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > BODY_LIMIT_BYTES) finish(tooLarge());
  };
  request.on('data', onData);
  request.once('end', () => finish());
  request.once('error', () => finish(AppError.badRequest('The request body could not be read.')));
}

/** True when a string anywhere in `value` (keys included) holds a NUL character. */
export function containsNul(value: unknown): boolean {
  // An explicit stack: a deeply nested body must not overflow the call stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store the NUL character in text or JSON, so a NUL anywhere in a body, a query
 * string or a path is refused with a 400 before it reaches a handler (instead of failing in SQL).
 */
export function refuseNulCharacters(request: Request, _response: Response, next: NextFunction): void {
  if (/%00/.test(request.originalUrl) || containsNul(request.body)) return next(AppError.badRequest(NUL_REFUSED));
  next();
}
