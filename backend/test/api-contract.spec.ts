import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { setApiPrefix } from '../src/http-app';
import { ApiAnswer, ApiErrors, successData, t as shape } from '../src/common/api-schema';
import { API_DOCS_PATH, buildOpenApiDocument, OPENAPI_JSON_PATH } from '../src/openapi';
import { ExpressHttpAdapter } from '../src/platform/http/express-http-adapter';
import { checkAnswersAgainstContract } from './support/contract';
import { takeDrifts } from './support/contract-drifts';
import { registeredRoutes, type Route } from './support/routes';
import { createTestApp, type TestApp } from './support/test-app';

type Operation = {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: Array<Record<string, string[]>>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** '/api/admin/events/:id' as OpenAPI writes it: '/api/admin/events/{id}'. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The reader's own routes (Swagger UI's page and assets, the document itself). */
const isDocsRoute = (path: string) =>
  path === OPENAPI_JSON_PATH ||
  path === API_DOCS_PATH ||
  path.startsWith(`${API_DOCS_PATH}/`) ||
  path.startsWith(`${API_DOCS_PATH}-`);

/** Routes the app answers that the document does not name, and the other way round. */
function coverageGaps(registered: Route[], document: Document): { undocumented: string[]; unknown: string[] } {
  const routes = new Set(
    registered
      .filter((route) => route.method !== 'HEAD' && !isDocsRoute(route.path))
      .map((route) => `${route.method} ${openApiPath(route.path)}`),
  );
  const documented = new Set(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );
  return {
    undocumented: [...routes].filter((route) => !documented.has(route)).sort(),
    unknown: [...documented].filter((route) => !routes.has(route)).sort(),
  };
}

/**
 * Routes whose success answer has no schema, and refusals not in the `{success: false, error}`
 * shape (the health checks' 503 carries its probes beside the error, and says so itself).
 */
function undescribedAnswers(document: Document): string[] {
  const problems: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const route = `${method.toUpperCase()} ${path}`;
      const statuses = Object.keys(operation.responses);
      const success = statuses.filter((status) => status.startsWith('2'));
      if (success.length === 0) problems.push(`${route}: no success answer`);
      for (const status of success) {
        const content = operation.responses[status].content ?? {};
        if (!Object.values(content).some((media) => media.schema)) problems.push(`${route} ${status}: no schema`);
      }
      for (const status of statuses.filter((s) => /^[45]/.test(s))) {
        if (path.startsWith('/api/health') && status === '503') continue;
        const schema = operation.responses[status].content?.['application/json']?.schema as
          { $ref?: string } | undefined;
        if (schema?.$ref !== '#/components/schemas/ErrorBody') problems.push(`${route} ${status}: not an ErrorBody`);
      }
    }
  }
  return problems;
}

/** A module of one controller whose route is written without any @Api decorator. */
@Controller('undescribed')
class UndescribedController {
  @Get()
  read() {
    return { data: 1 };
  }
}

@Module({ controllers: [UndescribedController] })
class UndescribedModule {}

/** A route that answers other than its document says (a number where a text is promised). */
@Controller('drifting')
class DriftingController {
  @Get(':id')
  @ApiAnswer(successData(shape.object({ name: shape.string() })))
  read() {
    return { success: true, data: { name: 42 } };
  }

  @Get()
  @ApiAnswer(successData(shape.object({ name: shape.string() })))
  @ApiErrors(404)
  list() {
    return { success: true, data: { name: 'Ada' } };
  }
}

@Module({ controllers: [DriftingController] })
class DriftingModule {}

describe('The contract checks', () => {
  it('catch a route without a described answer, and a route added beside Nest', async () => {
    const app = await NestFactory.create(UndescribedModule, new ExpressHttpAdapter(), { logger: false });
    try {
      setApiPrefix(app);
      app
        .getHttpAdapter()
        .get('/api/by-hand', (_request: unknown, response: { json(body: unknown): void }) =>
          response.json({ success: true }),
        );
      await app.init();
      const document = buildOpenApiDocument(app) as unknown as Document;
      expect(undescribedAnswers(document)).toEqual(['GET /api/undescribed 200: no schema']);
      const registered = registeredRoutes({ app } as unknown as TestApp);
      expect(coverageGaps(registered, document)).toEqual({ undocumented: ['GET /api/by-hand'], unknown: [] });
    } finally {
      await app.close();
    }
  });
});

describe('Every answer an API test receives', () => {
  it('is checked against its route’s schema in the document: a drift is reported, a faithful answer is not', async () => {
    const app = await NestFactory.create(DriftingModule, new ExpressHttpAdapter(), { logger: false });
    try {
      setApiPrefix(app);
      await app.init();
      checkAnswersAgainstContract(app);
      await request(app.getHttpServer()).get('/api/drifting').expect(200);
      expect(takeDrifts()).toEqual([]);
      await request(app.getHttpServer()).get('/api/drifting/7').expect(200);
      const drifts = takeDrifts();
      expect(drifts).toHaveLength(1);
      expect(drifts[0]).toMatch(/^GET \/api\/drifting\/7 -> 200: answer\/data\/name must be string/);
    } finally {
      await app.close();
    }
  });
});

describe('The API contract', () => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    t = await createTestApp();
    const answer = await request(t.http).get(OPENAPI_JSON_PATH).expect(200);
    document = answer.body as Document;
  });
  afterAll(() => t.close());

  it('documents every route the app registers, and nothing else', () => {
    expect(registeredRoutes(t).length).toBeGreaterThan(50);
    expect(coverageGaps(registeredRoutes(t), document)).toEqual({ undocumented: [], unknown: [] });
  });

  it('gives every route its success answer and every refusal the {success: false, error} shape', () => {
    expect(undescribedAnswers(document)).toEqual([]);
  });

  it('names the admin Basic scheme on every admin route and the concierge cookie on the session chat', () => {
    const securityOf = (path: string, method: string) => document.paths[path][method].security ?? [];
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/admin/')) continue;
      for (const method of Object.keys(item)) {
        expect({ path, method, admin: securityOf(path, method).some((scheme) => 'admin' in scheme) }).toEqual({
          path,
          method,
          admin: true,
        });
      }
    }
    expect(securityOf('/api/chat/stream', 'post')).toEqual([{ concierge: [] }]);
    expect(securityOf('/api/chat/title', 'post')).toEqual([{ concierge: [] }]);
    expect(securityOf('/api/waitlist', 'post')).toEqual([]);
  });

  it('serves the Swagger UI reader from our own origin, within the Content-Security-Policy', async () => {
    const page = await request(t.http).get(`${API_DOCS_PATH}/`).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // Every script is a file of ours (an inline one would be blocked by the policy), and each loads.
    expect(page.text).not.toMatch(/<script>(?!\s*<\/script>)/);
    const sources = [...page.text.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      expect(source).not.toMatch(/^(https?:)?\/\//);
      const url = new URL(source, `http://localhost${API_DOCS_PATH}/`).pathname;
      await request(t.http).get(url).expect(200);
    }
  });
});

describe('The frontend’s generated API types', () => {
  it('are what the current code generates (run `npm run api:types` after changing a route)', () => {
    // The script's own check, in a process of its own: openapi-typescript loads ES modules, which
    // Jest's module system does not. It builds the document from the code without a database.
    const run = spawnSync(
      process.execPath,
      [require.resolve('ts-node/dist/bin'), '--transpile-only', 'scripts/api-types.ts', '--check'],
      { cwd: join(__dirname, '..'), encoding: 'utf8' },
    );
    expect({ status: run.status, output: `${run.stdout}${run.stderr}`.trim() }).toEqual({
      status: 0,
      output: 'API types are up to date.',
    });
  }, 120_000);
});
