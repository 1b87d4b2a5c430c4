import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { API_DOCS_PATH, OPENAPI_JSON_PATH } from '../src/openapi';
import { registeredRoutes } from './support/routes';
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
    const registered = registeredRoutes(t)
      .filter((route) => route.method !== 'HEAD' && !isDocsRoute(route.path))
      .map((route) => `${route.method} ${openApiPath(route.path)}`)
      .sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(registered.length).toBeGreaterThan(50);
    expect(documented).toEqual(registered);
  });

  it('gives every route its success answer and every refusal the {success: false, error} shape', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const route = `${method.toUpperCase()} ${path}`;
        const statuses = Object.keys(operation.responses);
        const success = statuses.filter((status) => status.startsWith('2'));
        expect({ route, success: success.length > 0 }).toEqual({ route, success: true });
        for (const status of success) {
          const content = operation.responses[status].content ?? {};
          expect({ route, status, described: Object.values(content).some((media) => media.schema) }).toEqual({
            route,
            status,
            described: true,
          });
        }
        for (const status of statuses.filter(
          (s) => /^[45]/.test(s) && !(path.startsWith('/api/health') && s === '503'),
        )) {
          expect({ route, status, schema: operation.responses[status].content?.['application/json']?.schema }).toEqual({
            route,
            status,
            schema: { $ref: '#/components/schemas/ErrorBody' },
          });
        }
      }
    }
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
