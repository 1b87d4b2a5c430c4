import type { INestApplication, Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { NestContainer } from '@nestjs/core';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type {
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponsesObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ValidationTypes } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { defaultConverters, type SchemaConverter } from 'class-validator-jsonschema/build/defaultConverters';
import { ERROR_BODY, namedSchemas } from './common/api-schema';
import { PublicWriteGuard } from './common/public-write.decorator';
import { StaffGuard } from './modules/admin';
import { CONCIERGE_COOKIE, ConciergeSessionGuard, OpenForWritesGuard } from './modules/concierge';

// class-transformer's own registry of @Type() targets (nested DTOs); the package ships no typings for it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: NonNullable<
    Parameters<typeof validationMetadatasToSchemas>[0]
  >['classTransformerMetadataStorage'];
};

/** The schema of a rule of our own (common/): a date is a string of its shape, whatever the field's type. */
const DATE_FORMATS: Record<string, string> = {
  date: 'date',
  'date-time': 'date-time',
  'local-date-time': 'local-date-time',
};
const customRule: SchemaConverter = (meta, options) => {
  if (meta.name === 'isCalendarDate') return { type: 'string', format: DATE_FORMATS[String(meta.constraints?.[0])] };
  const schema = (defaultConverters[ValidationTypes.CUSTOM_VALIDATION] as SchemaConverter)(meta, options);
  // A field typed as a union (string | null) reflects as Object, which names no schema: its other rules say what it is.
  return schema && '$ref' in schema && schema.$ref.endsWith('/Object') ? {} : schema;
};

/** Where the document and its reader are served (see serveApiDocs). */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Handler {
  controller: Type;
  method: string;
}

/**
 * The OpenAPI document of every route the app registers, from the controllers' decorators:
 * answers from @ApiAnswer/@ApiErrors (common/api-schema.ts), request bodies and queries from the
 * DTOs' class-validator rules (so the document says what the ValidationPipe enforces), and the
 * auth schemes and refusals from the guards a route carries (admin HTTP Basic, concierge cookie,
 * public-write limits). Needs no database: scripts/openapi.ts builds it from an app in preview mode.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Maison Fortuna API')
    .setDescription(
      'Every route of the api. Failures answer `{success: false, error, code}` (ErrorBody) with the status shown; clients decide on `code`. ' +
        'Admin routes take HTTP Basic credentials; the session chat takes the concierge session cookie ' +
        '(POST /api/concierge/auth sets it).',
    )
    .setVersion('1')
    .addBasicAuth({ type: 'http', scheme: 'basic', description: 'An administrator’s credentials' }, 'admin')
    .addCookieAuth(
      CONCIERGE_COOKIE,
      { type: 'apiKey', in: 'cookie', description: 'The concierge session, set by POST /api/concierge/auth' },
      'concierge',
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, for Prometheus' }, 'metrics')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  const handlers = handlersByOperationId(app);
  const dtoSchemas = validationMetadatasToSchemas({
    refPointerPrefix: '#/components/schemas/',
    classTransformerMetadataStorage: defaultMetadataStorage,
    additionalConverters: { [ValidationTypes.CUSTOM_VALIDATION]: customRule },
  }) as Record<string, SchemaObject>;
  const schemas: Record<string, SchemaObject | ReferenceObject> = (document.components ??= {}).schemas ?? {};
  document.components.schemas = schemas;

  for (const [name, definition] of namedSchemas()) schemas[name] = definition;
  // Bodies: swagger refers to the DTO class by name; the class-validator rules fill it in.
  for (const name of Object.keys(schemas)) if (dtoSchemas[name]) schemas[name] = dtoSchemas[name];

  for (const item of Object.values(document.paths)) {
    for (const verb of METHODS) {
      const operation = item[verb];
      if (!operation) continue;
      const handler = handlers.get(operation.operationId ?? '');
      if (!handler) throw new Error(`No handler found for operation ${operation.operationId}`);
      describeQuery(operation, handler, dtoSchemas);
      describeGuards(operation, handler);
      if (operation.requestBody || (operation.parameters ?? []).length > 0) addError(operation.responses, 400);
    }
  }
  addReferencedSchemas(schemas, dtoSchemas);
  return sortKeys(document) as OpenAPIObject;
}

/** Every controller method, by the operation id buildOpenApiDocument gives it. */
function handlersByOperationId(app: INestApplication): Map<string, Handler> {
  const container = (app as unknown as { container: NestContainer }).container;
  const handlers = new Map<string, Handler>();
  for (const module of container.getModules().values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      for (const method of Object.getOwnPropertyNames(metatype.prototype)) {
        const fn = (metatype.prototype as Record<string, unknown>)[method];
        if (typeof fn === 'function' && Reflect.getMetadata(METHOD_METADATA, fn) !== undefined) {
          handlers.set(`${metatype.name.replace(/Controller$/, '')}_${method}`, {
            controller: metatype as Type,
            method,
          });
        }
      }
    }
  }
  return handlers;
}

/** A whole-object @Query() DTO becomes one query parameter per property, with its rules. */
function describeQuery(operation: OperationObject, handler: Handler, dtoSchemas: Record<string, SchemaObject>): void {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, handler.controller, handler.method) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', handler.controller.prototype, handler.method) ??
    []) as unknown[];
  for (const [key, arg] of Object.entries(args)) {
    if (!key.startsWith(`${RouteParamtypes.QUERY}:`) || arg.data !== undefined) continue;
    const type = types[arg.index] as Type | undefined;
    const dto = type && dtoSchemas[type.name];
    if (!dto) continue;
    const required = new Set(dto.required ?? []);
    const parameters = (operation.parameters ?? []).filter((p) => '$ref' in p || p.in !== 'query');
    for (const [name, schema] of Object.entries(dto.properties ?? {})) {
      const parameter: ParameterObject = { name, in: 'query', required: required.has(name), schema };
      parameters.push(parameter);
    }
    operation.parameters = parameters;
  }
}

function guardsOf(handler: Handler): unknown[] {
  const fn = (handler.controller.prototype as Record<string, unknown>)[handler.method] as object;
  return [
    ...((Reflect.getMetadata(GUARDS_METADATA, handler.controller) ?? []) as unknown[]),
    ...((Reflect.getMetadata(GUARDS_METADATA, fn) ?? []) as unknown[]),
  ];
}

/** What a route's guards mean for a client: which credentials, and which refusals. */
function describeGuards(operation: OperationObject, handler: Handler): void {
  const guards = guardsOf(handler);
  if (guards.includes(StaffGuard)) {
    operation.security = [{ admin: [] }];
    addError(operation.responses, 401);
    addError(operation.responses, 403);
    addError(operation.responses, 429);
  }
  if (guards.includes(ConciergeSessionGuard)) {
    operation.security = [{ concierge: [] }];
    addError(operation.responses, 401);
  }
  if (guards.includes(PublicWriteGuard)) {
    addError(operation.responses, 429);
    addError(operation.responses, 503);
  }
  if (guards.includes(OpenForWritesGuard)) addError(operation.responses, 503);
}

function addError(responses: ResponsesObject, status: number): void {
  if (responses[status]) return;
  const descriptions: Record<number, string> = {
    400: 'The input is refused; `error` says why and `fields` which field.',
    401: 'Credentials are missing or wrong.',
    403: 'The staff account’s role does not allow this (code FORBIDDEN_FOR_ROLE).',
    429: 'Too many requests; Retry-After says when to try again.',
    503: 'Unavailable (maintenance, a store down or a provider not configured).',
  };
  responses[status] = { description: descriptions[status], content: { 'application/json': { schema: ERROR_BODY } } };
}

/** DTO classes that other DTOs nest (class-transformer's @Type) are added once referenced. */
function addReferencedSchemas(
  schemas: Record<string, SchemaObject | ReferenceObject>,
  dtoSchemas: Record<string, SchemaObject>,
): void {
  for (let added = true; added;) {
    added = false;
    const text = JSON.stringify(schemas);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (!schemas[name] && dtoSchemas[name]) {
        schemas[name] = dtoSchemas[name];
        added = true;
      }
    }
  }
}

/** Object keys in a stable order (arrays keep theirs), so the document and its types diff cleanly. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, sortKeys(v)]));
}

/**
 * GET /api/openapi.json and the Swagger UI reader at /api/docs, its scripts and styles served from
 * our own origin (swagger-ui-dist), so it works offline and under the app's Content-Security-Policy.
 */
export function serveApiDocs(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup(API_DOCS_PATH.slice(1), app, document, {
    jsonDocumentUrl: OPENAPI_JSON_PATH.slice(1),
    yamlDocumentUrl: undefined,
    raw: ['json'],
    customSiteTitle: 'Maison Fortuna API',
    swaggerOptions: { persistAuthorization: false, tagsSorter: 'alpha', operationsSorter: 'alpha' },
  });
}
