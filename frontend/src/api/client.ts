/**
 * The one typed client for our REST API. Components and hooks go through it; nothing else calls fetch
 * for /api (analytics beacons excepted, see lib/analytics.ts).
 *
 * Server errors are JSON `{success: false, error, code, fields?}`; they surface here as an ApiError whose
 * message is the server's readable `error` and whose `code` is its stable code: decide on the code,
 * never on the message.
 */

import type { components } from './schema.gen';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type FieldErrors = Record<string, string>;

/** The stable codes of error answers (backend/src/common/error-codes.ts), as the contract lists them. */
export type ErrorCode = components['schemas']['ErrorBody']['code'];

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages for forms, keyed by the request's field names. */
    readonly fields: FieldErrors = {},
    /** The generic helper text of the spec: '{status}: {body or status text}'. */
    readonly summary: string = formatHttpError(status, message),
    /** The server's stable code; null when the answer carried none (no answer, not our JSON). */
    readonly code: ErrorCode | null = null,
    /** The payment provider's own code for a declined card (card_declined), when it gives one. */
    readonly declineCode: string | null = null,
  ) {
    super(message);
  }
}

/** The spec's generic text for a non-OK answer: '{status}: {body or status text}'. */
export function formatHttpError(status: number, bodyOrStatusText: string): string {
  return `${status}: ${bodyOrStatusText}`;
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A 401 answers null instead of throwing (e.g. "who am I" queries). */
  on401?: 'throw' | 'returnNull';
}

interface ErrorBody {
  success?: boolean;
  error?: unknown;
  fields?: unknown;
  code?: unknown;
  declineCode?: unknown;
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    // status 0: the request never got an answer (offline, server down, CORS).
    throw new ApiError(0, 'Could not reach the server. Please check your connection.');
  }

  if (response.status === 401 && opts.on401 === 'returnNull') return null as T;

  const text = await response.text();
  const parsed = parseJson(text);

  if (!response.ok) {
    const fallback = text.trim() || response.statusText || 'Request failed';
    const errorBody = isObject(parsed) ? (parsed as ErrorBody) : undefined;
    const message = typeof errorBody?.error === 'string' ? errorBody.error : formatHttpError(response.status, fallback);
    throw new ApiError(
      response.status,
      message,
      toFieldErrors(errorBody?.fields),
      formatHttpError(response.status, fallback),
      errorCode(errorBody?.code),
      typeof errorBody?.declineCode === 'string' ? errorBody.declineCode : null,
    );
  }

  // Some endpoints answer 200 with {success: false, error}; treat it like any other failure.
  if (isObject(parsed) && (parsed as ErrorBody).success === false) {
    const errorBody = parsed as ErrorBody;
    const message = typeof errorBody.error === 'string' ? errorBody.error : 'Request failed';
    throw new ApiError(response.status, message, toFieldErrors(errorBody.fields), undefined, errorCode(errorBody.code));
  }

  return (text === '' ? undefined : parsed) as T;
}

/** GET helper for query functions, e.g. `queryFn: () => apiGet<Thing>('/api/things')`. */
export function apiGet<T>(path: string, opts?: RequestOptions): Promise<T> {
  return apiRequest<T>('GET', path, undefined, opts);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorCode(value: unknown): ErrorCode | null {
  return typeof value === 'string' && value !== '' ? (value as ErrorCode) : null;
}

function toFieldErrors(value: unknown): FieldErrors {
  if (!isObject(value)) return {};
  const fields: FieldErrors = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message;
  }
  return fields;
}
