import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import { isDatabaseUnavailable } from '../platform/database/database-unavailable';
import { isRedisUnavailable } from '../platform/redis/redis-options';
import { AppError } from './app-error';
import { BODY_TOO_LARGE } from './request-body';

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/**
 * Turns every error into `{success: false, error}` with the right status. Errors we did not
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
    response.status(status).json(body);
  }

  private describe(exception: unknown): {
    status: number;
    body: Record<string, unknown>;
    headers: Record<string, string>;
  } {
    if (exception instanceof AppError) {
      const body: Record<string, unknown> = { success: false, error: exception.message };
      if (exception.fields) body.fields = exception.fields;
      return { status: exception.status, body, headers: exception.headers ?? {} };
    }
    const parserError = exception as BodyParserError;
    if (parserError?.type === 'entity.too.large') {
      return { status: 413, body: { success: false, error: BODY_TOO_LARGE }, headers: {} };
    }
    if (parserError?.type === 'entity.parse.failed') {
      return { status: 400, body: { success: false, error: 'Malformed JSON in request body.' }, headers: {} };
    }
    if (parserError?.type && (parserError.status ?? parserError.statusCode ?? 500) < 500) {
      return {
        status: parserError.status ?? parserError.statusCode ?? 400,
        body: { success: false, error: 'The request body could not be read.' },
        headers: {},
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      const message =
        typeof payload === 'string'
          ? payload
          : ((payload as { error?: string; message?: string | string[] }).message ?? exception.message);
      let text = Array.isArray(message) ? message[0] : message;
      // Nest turns body-parser failures into plain HttpExceptions carrying the parser's words.
      if (status === 413) text = BODY_TOO_LARGE;
      if (status === 400 && /JSON|Unexpected (token|end)|position \d+/.test(text))
        text = 'Malformed JSON in request body.';
      if (status >= 500) this.logger.error(exception);
      return {
        status,
        body: { success: false, error: status === 404 && /^Cannot /.test(text) ? 'Not found.' : text },
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
        body: { success: false, error: 'The service is briefly unavailable. Please try again in a moment.' },
        headers: {},
      };
    }
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'Unexpected error');
    return {
      status: 500,
      body: { success: false, error: `Something went wrong on our side (reference ${errorId}).` },
      headers: {},
    };
  }
}
