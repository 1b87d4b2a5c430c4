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
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** Per-field messages for forms, when the error is about input. */
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** A machine-readable code beside the message, where a provider gives one (card_declined). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS_BY_KIND[this.kind];
  }

  static badRequest(message: string, fields?: Record<string, string>) {
    return new AppError('bad_request', message, fields);
  }
  static unauthorized(message: string, headers?: Record<string, string>) {
    return new AppError('unauthorized', message, undefined, headers);
  }
  /** A card the payment provider declined or could not read: its message and code, as the provider words them. */
  static paymentRequired(message: string, code: string) {
    return new AppError('payment_required', message, undefined, undefined, code);
  }
  static notFound(message: string) {
    return new AppError('not_found', message);
  }
  static conflict(message: string) {
    return new AppError('conflict', message);
  }
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    return new AppError('too_many_requests', message, undefined, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
  static unavailable(message: string) {
    return new AppError('unavailable', message);
  }
}
