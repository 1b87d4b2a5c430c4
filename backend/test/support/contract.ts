import type { INestApplication } from '@nestjs/common';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { buildOpenApiDocument } from '../../src/openapi';
import { recordDrift } from './contract-drifts';

type Schema = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** The generic refusal, for an error status a route does not list. */
const ERROR_REF = { $ref: 'api#/components/schemas/ErrorBody' };

/**
 * A schema of the document as JSON Schema: its `#/components/...` references pointing into the
 * document, and OpenAPI 3.0's `nullable` written as "or null" (ajv's own reading of `nullable`
 * refuses null for an enum that does not list it).
 */
function anchored(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(anchored);
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Schema;
  const schema = Object.fromEntries(
    Object.entries(rest).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/') ? `api${inner}` : anchored(inner),
    ]),
  );
  return nullable === true ? { anyOf: [schema, { type: 'null' }] } : schema;
}

/** '/api/admin/events/:id' as the document writes it: '/api/admin/events/{id}'. */
const documentPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function body(response: ServerResponse, chunks: Buffer[]): unknown {
  let bytes = Buffer.concat(chunks);
  const encoding = String(response.getHeader('content-encoding') ?? '');
  if (encoding === 'gzip') bytes = gunzipSync(bytes);
  else if (encoding === 'br') bytes = brotliDecompressSync(bytes);
  else if (encoding === 'deflate') bytes = inflateSync(bytes);
  return JSON.parse(bytes.toString('utf8'));
}

/**
 * Checks every JSON answer the app gives against the response schema the OpenAPI document names
 * for its route and status (a refusal the route does not list, against ErrorBody; a success the
 * route does not list is a drift itself). It listens where requests reach the app, so a test
 * needs nothing of its own: what it receives is checked as it arrives.
 */
export function checkAnswersAgainstContract(app: INestApplication): void {
  const document = buildOpenApiDocument(app) as unknown as Document;
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'api', components: anchored(document.components ?? {}) as Schema });
  const validators = new Map<string, ValidateFunction | null>();
  const validator = (path: string, method: string, status: number): ValidateFunction | null => {
    const key = `${method} ${path} ${status}`;
    if (validators.has(key)) return validators.get(key)!;
    const responses = document.paths[path]?.[method]?.responses;
    let found: Schema | undefined = responses?.[String(status)]?.content?.['application/json']?.schema;
    if (!found && responses && status >= 400 && !responses[String(status)]) found = ERROR_REF;
    const compiled = found ? ajv.compile(anchored(found) as Schema) : null;
    validators.set(key, compiled);
    return compiled;
  };

  const server = app.getHttpServer() as Server;
  const [handler] = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    const { write, end } = response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
      );
    };
    response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof response.write;
    response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as typeof response.end;
    response.on('finish', () => {
      const route = (request as IncomingMessage & { route?: { path?: string } }).route?.path;
      const type = String(response.getHeader('content-type') ?? '');
      if (!route || !type.startsWith('application/json') || request.method === 'HEAD') return;
      const method = (request.method ?? 'get').toLowerCase();
      const path = documentPath(route);
      const named = `${request.method} ${request.url} -> ${response.statusCode}`;
      if (!document.paths[path]?.[method]) return;
      const validate = validator(path, method, response.statusCode);
      if (!validate) {
        recordDrift(`${named}: the document has no JSON answer for this status`);
        return;
      }
      let parsed: unknown;
      try {
        parsed = body(response, chunks);
      } catch {
        recordDrift(`${named}: the answer is not JSON`);
        return;
      }
      if (!validate(parsed)) {
        recordDrift(
          `${named}: ${ajv.errorsText(validate.errors, { dataVar: 'answer' })} in ${JSON.stringify(parsed).slice(0, 300)}`,
        );
      }
    });
    handler(request, response);
  });
}
