import { maxHeaderSize, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AppConfig } from '../../config/environment';
import type { ErrorCode } from '../../common/error-codes';

/**
 * How often Node looks for requests past their time. Its default (30 s) would let a slow request
 * live that much past HTTP_REQUEST_TIMEOUT_MS.
 */
const CHECK_EVERY_MS = 1000;

interface ClientErrorAnswer {
  status: number;
  reason: string;
  error: string;
  code: ErrorCode;
}

/** Requests Node refuses before the app sees them, by Node's error code; anything else is a 400. */
const CLIENT_ERRORS: Record<string, ClientErrorAnswer> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    error: `The address or headers of this request are too large (${Math.floor(maxHeaderSize / 1024)} KB at most).`,
    code: 'HEADERS_TOO_LARGE',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    reason: 'Payload Too Large',
    error: 'The request body is too large.',
    code: 'PAYLOAD_TOO_LARGE',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    error: 'The request took too long to arrive. Please try again.',
    code: 'REQUEST_TIMEOUT',
  },
};
const BAD_REQUEST: ClientErrorAnswer = {
  status: 400,
  reason: 'Bad Request',
  error: 'The request could not be read.',
  code: 'BAD_REQUEST',
};

function rawAnswer({ status, reason, error, code }: ClientErrorAnswer): string {
  const body = JSON.stringify({ success: false, error, code });
  return [
    `HTTP/1.1 ${status} ${reason}`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * A request Node could not take (headers over its limit, unreadable, too slow to arrive) is
 * answered in the API's error shape instead of Node's bare status line, then the connection
 * closes. As Node does, nothing is written once an answer has started on the connection.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const answering = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!socket.writable || answering?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(rawAnswer(CLIENT_ERRORS[error.code ?? ''] ?? BAD_REQUEST), () => socket.destroy());
}

/**
 * The API's HTTP server: a request's headers and body must arrive within their time
 * (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS), idle connections close after
 * HTTP_KEEP_ALIVE_TIMEOUT_MS, and the requests Node refuses get a readable JSON answer. Node's
 * request timeout ends once the request has arrived, so long answers (event streams) are not cut.
 * Called before the server listens: Node reads the checking interval when it starts listening.
 */
export function configureHttpServer(server: Server, config: AppConfig): void {
  server.headersTimeout = config.HTTP_HEADERS_TIMEOUT_MS;
  server.requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = config.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = CHECK_EVERY_MS;
  server.on('clientError', answerClientError);
}
