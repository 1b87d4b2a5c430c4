import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppError } from './app-error';

/** The largest request body any endpoint accepts, whatever its type. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** The deepest nesting of arrays and objects a JSON body may have; no form of ours needs more than a few. */
export const MAX_JSON_DEPTH = 32;

export const BODY_TOO_LARGE = 'Request body is too large (1 MB at most).';
export const BODY_TOO_DEEP = `The request body is nested too deeply (${MAX_JSON_DEPTH} levels at most).`;
const NUL_REFUSED = 'Text may not contain the NUL character (\\u0000). Please remove it and try again.';
const SURROGATE_REFUSED =
  'Text may not contain an unpaired surrogate character (\\ud800 to \\udfff). Please remove it and try again.';
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Throws a 400 (typed for the error filter) when the JSON text nests arrays and objects deeper
 * than MAX_JSON_DEPTH. One pass over the bytes, stopping at the first level too deep, and
 * before JSON.parse: validation and class-transformer walk a parsed body recursively, and a few
 * thousand levels overflowed the stack (500) after holding the event loop for most of a second.
 */
export function assertJsonDepth(body: Buffer): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i += 1) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH)
        throw Object.assign(new Error(BODY_TOO_DEEP), { status: 400, type: 'entity.too.deep' });
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth -= 1;
    }
  }
}

/**
 * The JSON body parser: the size limit, the depth check before parsing, and the raw bytes kept
 * on the request (`rawBody`), which signed webhooks are verified against.
 */
export function jsonBodyParser(): RequestHandler {
  return express.json({
    limit: BODY_LIMIT_BYTES,
    verify: (request, _response, body) => {
      (request as Request & { rawBody?: Buffer }).rawBody = body;
      assertJsonDepth(body);
    },
  });
}

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

/** An unpaired UTF-16 surrogate: JavaScript strings may hold one, UTF-8 (and so PostgreSQL) cannot. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored as text, or null when it can. */
function unstorable(text: string): string | null {
  if (text.includes('\u0000')) return NUL_REFUSED;
  return LONE_SURROGATE.test(text) ? SURROGATE_REFUSED : null;
}

/** Why a string anywhere in `value` (keys included) cannot be stored as text, or null when all can. */
export function unstorableText(value: unknown): string | null {
  // An explicit stack: a deeply nested value must not overflow the call stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      const reason = unstorable(item);
      if (reason) return reason;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        const reason = unstorable(key);
        if (reason) return reason;
        pending.push(child);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store the NUL character, nor UTF-8 a lone surrogate (the driver would write
 * U+FFFD instead, or the statement fail). Either in a body, a cookie, a query string or a path is
 * refused with a 400 before it reaches a handler. Runs after the body and cookie parsers.
 */
export function refuseUnstorableText(request: Request, _response: Response, next: NextFunction): void {
  if (/%00/.test(request.originalUrl)) return next(AppError.badRequest(NUL_REFUSED));
  const reason = unstorableText(request.body) ?? unstorableText(request.cookies);
  next(reason ? AppError.badRequest(reason) : undefined);
}
