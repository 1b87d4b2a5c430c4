import { codeForStatus, type ErrorCode } from './error-codes';

/**
 * The one exception our code throws on purpose. Each kind maps to one HTTP status in
 * AllExceptionsFilter; the message is shown to people as is, so it must be readable.
 */
export type AppErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'unavailable';

export const STATUS_BY_KIND: Record<AppErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  unavailable: 503,
};

export class AppError extends Error {
  /** The stable code beside the message, one of error-codes.ts. */
  readonly code: ErrorCode;

  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** Per-field messages for forms, when the error is about input. */
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** The stable code beside the message (error-codes.ts); by default the kind's own. */
    code?: ErrorCode,
    /** The payment provider's own code for a declined card (card_declined), where it gives one. */
    readonly declineCode?: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code ?? (kind === 'bad_request' && fields ? 'VALIDATION_FAILED' : codeForStatus(STATUS_BY_KIND[kind]));
  }

  get status(): number {
    return STATUS_BY_KIND[this.kind];
  }

  static badRequest(message: string, fields?: Record<string, string>, code?: ErrorCode) {
    return new AppError('bad_request', message, fields, undefined, code);
  }
  static unauthorized(message: string, headers?: Record<string, string>, code?: ErrorCode) {
    return new AppError('unauthorized', message, undefined, headers, code);
  }
  /** A card the payment provider declined or could not read: its message and decline code, as the provider words them. */
  static paymentRequired(message: string, declineCode: string) {
    return new AppError('payment_required', message, undefined, undefined, 'PAYMENT_DECLINED', declineCode);
  }
  static notFound(message: string, code?: ErrorCode) {
    return new AppError('not_found', message, undefined, undefined, code);
  }
  static conflict(message: string, code?: ErrorCode) {
    return new AppError('conflict', message, undefined, undefined, code);
  }
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    return new AppError('too_many_requests', message, undefined, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
  /** Something that was here and is no more (an expired, used or revoked link): always with its specific code. */
  static gone(message: string, code: ErrorCode) {
    return new AppError('gone', message, undefined, undefined, code);
  }
  static unavailable(message: string, code?: ErrorCode) {
    return new AppError('unavailable', message, undefined, undefined, code);
  }
}
