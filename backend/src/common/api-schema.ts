import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ERROR_CODE_LIST } from './error-codes';

/**
 * The pieces the OpenAPI document (GET /api/openapi.json) is written with: answer shapes as plain
 * JSON schemas, named once and referenced by every route that answers them, and the house error
 * shape. Request bodies and queries are not written here: they are read from the DTOs'
 * class-validator rules when the document is built (see src/openapi.ts), so they cannot drift.
 */

export type Schema = SchemaObject | ReferenceObject;

const named = new Map<string, SchemaObject>();

/** Registers a schema under `components.schemas[name]` and answers a reference to it. */
export function schema(name: string, definition: SchemaObject): ReferenceObject {
  if (named.has(name) && named.get(name) !== definition) throw new Error(`Schema ${name} is defined twice`);
  named.set(name, definition);
  return { $ref: `#/components/schemas/${name}` };
}

/** Every named answer schema, for the document builder. */
export function namedSchemas(): ReadonlyMap<string, SchemaObject> {
  return named;
}

/** Small builders, so a view reads like its TypeScript interface. */
export const t = {
  string: (extra: SchemaObject = {}): SchemaObject => ({ type: 'string', ...extra }),
  dateTime: (): SchemaObject => ({ type: 'string', format: 'date-time' }),
  date: (): SchemaObject => ({ type: 'string', format: 'date' }),
  integer: (): SchemaObject => ({ type: 'integer' }),
  number: (): SchemaObject => ({ type: 'number' }),
  boolean: (): SchemaObject => ({ type: 'boolean' }),
  literal: (value: string | boolean): SchemaObject => ({ type: typeof value as 'string', enum: [value] }),
  oneOf: (values: readonly string[]): SchemaObject => ({ type: 'string', enum: [...values] }),
  array: (items: Schema): SchemaObject => ({ type: 'array', items }),
  record: (values: Schema): SchemaObject => ({ type: 'object', additionalProperties: values }),
  /** An object; every property is required unless named in `optional`. */
  object: (properties: Record<string, Schema>, optional: readonly string[] = []): SchemaObject => {
    const required = Object.keys(properties).filter((key) => !optional.includes(key));
    return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  },
  nullable: (inner: Schema): SchemaObject =>
    '$ref' in inner ? { allOf: [inner], nullable: true } : { ...inner, nullable: true },
};

/** `{success: true, data}`, the envelope most public answers use. */
export function successData(data: Schema): SchemaObject {
  return t.object({ success: t.literal(true), data });
}

/** `{data}`, the envelope of the admin's single-item answers. */
export function dataOnly(data: Schema): SchemaObject {
  return t.object({ data });
}

/** `{data: [...], total}`, a page of an admin list. */
export function page(item: Schema): SchemaObject {
  return t.object({ data: t.array(item), total: t.integer() });
}

export const SUCCESS_ONLY: SchemaObject = t.object({ success: t.literal(true) });

/** The body of every refused or failed request (platform/http/all-exceptions.filter.ts). */
export const ERROR_BODY = schema(
  'ErrorBody',
  t.object(
    {
      success: t.literal(false),
      error: t.string({ description: 'A readable sentence, shown to people as it is.' }),
      fields: { ...t.record(t.string()), description: 'Per-field messages, keyed by the request’s field names.' },
      code: {
        ...t.oneOf(ERROR_CODE_LIST),
        description:
          'A stable code beside the message (common/error-codes.ts); clients decide on it, never on `error`.',
      },
      declineCode: t.string({ description: 'The payment provider’s own code for a declined card (card_declined).' }),
    },
    ['fields', 'declineCode'],
  ),
);

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The input is refused; `error` says why and `fields` which field.',
  401: 'Credentials are missing or wrong.',
  402: 'The card was declined.',
  403: 'Forbidden.',
  404: 'Not found.',
  409: 'The request conflicts with the current state.',
  410: 'Gone: the link has expired, been used or been withdrawn; `code` says which.',
  413: 'The request body is too large.',
  415: 'Unsupported content type or encoding.',
  429: 'Too many requests; Retry-After says when to try again.',
  503: 'Unavailable (maintenance, a store down or a provider not configured).',
};

/** Documents error answers, all in the `{success: false, error, code}` shape. */
export function ApiErrors(...statuses: number[]) {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: ERROR_DESCRIPTIONS[status] ?? 'Error', schema: ERROR_BODY }),
    ),
  );
}

/** Documents the JSON success answer of a route. */
export function ApiAnswer(body: Schema, options: { status?: number; description?: string } = {}) {
  return ApiResponse({ status: options.status ?? 200, description: options.description ?? 'OK', schema: body });
}

/** Documents a success answer that is not JSON (an SSE stream, a CSV file, an HTML page, an image). */
export function ApiRawAnswer(contentType: string, description: string, status = 200) {
  return ApiResponse({ status, description, content: { [contentType]: { schema: { type: 'string' } } } });
}
