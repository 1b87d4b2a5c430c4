import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { isRedisUnavailable } from '../redis/redis-options';
import { AppError } from '../../common/app-error';
import { BODY_TOO_DEEP, BODY_TOO_LARGE } from '../../common/request-body';
import { codeForStatus } from '../../common/error-codes';

/** What the body parsers throw (http-errors): a 4xx status, usually a type, `expose` always. */
interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

const UNREADABLE_BODY = 'The request body could not be read.';

/** By the parser's type where it gives one, else by status. */
const PARSER_MESSAGES: Record<string | number, string> = {
  'entity.too.large': BODY_TOO_LARGE,
  'entity.too.deep': BODY_TOO_DEEP,
  'entity.parse.failed': 'Malformed JSON in request body.',
  413: BODY_TOO_LARGE,
  415: 'This content encoding or character set is not supported. Please send JSON in UTF-8.',
};

/**
 * The status of a body parser's error, or null for any other error. Every one is mapped by its
 * status, typed or not: a body labelled gzip that is not carries zlib's error with a 400 and no type.
 */
function bodyParserStatus(exception: unknown): number | null {
  if (typeof exception !== 'object' || exception === null || exception instanceof HttpException) return null;
  const { type, status, statusCode, expose } = exception as BodyParserError;
  const code = status ?? statusCode;
  if (typeof code !== 'number' || code < 400 || code >= 500) return null;
  return type !== undefined || expose === true ? code : null;
}

/**
 * Turns every error into `{success: false, error, code, fields?}` with the right status (codes in
 * common/error-codes.ts). Errors we did not
 * expect are logged with an id and answered without internals.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) {
      response.end();
      return;
    }
    const { status, body, headers } = this.describe(exception);
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    // Explicitly: a handler may have set another type (an HTML page's) before it failed.
    response.status(status).type('application/json').json(body);
  }

  private describe(exception: unknown): {
    status: number;
    body: Record<string, unknown>;
    headers: Record<string, string>;
  } {
    if (exception instanceof AppError) {
      const body: Record<string, unknown> = { success: false, error: exception.message, code: exception.code };
      if (exception.fields) body.fields = exception.fields;
      if (exception.declineCode) body.declineCode = exception.declineCode;
      return { status: exception.status, body, headers: exception.headers ?? {} };
    }
    const parserStatus = bodyParserStatus(exception);
    if (parserStatus) {
      const type = (exception as BodyParserError).type ?? '';
      const error = PARSER_MESSAGES[type] ?? PARSER_MESSAGES[parserStatus] ?? UNREADABLE_BODY;
      const code = type === 'entity.parse.failed' ? 'MALFORMED_JSON' : codeForStatus(parserStatus);
      return { status: parserStatus, body: { success: false, error, code }, headers: {} };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      const message =
        typeof payload === 'string'
          ? payload
          : ((payload as { error?: string; message?: string | string[] }).message ?? exception.message);
      let text = Array.isArray(message) ? message[0] : message;
      let code = codeForStatus(status);
      // Nest turns body-parser failures into plain HttpExceptions carrying the parser's words.
      if (status === 413) text = BODY_TOO_LARGE;
      if (status === 400 && /JSON|Unexpected (token|end)|position \d+/.test(text)) {
        text = 'Malformed JSON in request body.';
        code = 'MALFORMED_JSON';
      }
      if (status >= 500) this.logger.error(exception);
      return {
        status,
        body: { success: false, error: status === 404 && /^Cannot /.test(text) ? 'Not found.' : text, code },
        headers: {},
      };
    }
    const unavailable = isRedisUnavailable(exception)
      ? 'Redis'
      : isDatabaseUnavailable(exception)
        ? 'PostgreSQL'
        : undefined;
    if (unavailable) {
      this.logger.warn(`${unavailable} unavailable: ${(exception as Error).message}`);
      return {
        status: 503,
        body: {
          success: false,
          error: 'The service is briefly unavailable. Please try again in a moment.',
          code: 'UNAVAILABLE',
        },
        headers: {},
      };
    }
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'Unexpected error');
    return {
      status: 500,
      body: {
        success: false,
        error: `Something went wrong on our side (reference ${errorId}).`,
        code: 'INTERNAL_ERROR',
      },
      headers: {},
    };
  }
}
