import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app';

/** The api serves the built site: files, the page for every route, and never the api's own paths. */
describe('serving the built site', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'mf-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title><!--app-config--></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // A file named like an api path must never shadow the api.
    mkdirSync(join(dist, 'api'));
    writeFileSync(join(dist, 'api', 'status'), 'not the api');
    t = await createTestApp({ env: { FRONTEND_DIST: dist, BRAND_NAME: 'Maison Fortuna' } });
  });

  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the page for any route of the site, with the brand and the public configuration', async () => {
    for (const path of ['/', '/concierge', '/invitation/abc', '/admin', '/no-such-page']) {
      const response = await request(t.http).get(path).expect(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      // A guest's invitation page is theirs alone: no shared cache keeps it; the others revalidate.
      expect(response.headers['cache-control']).toBe(
        path.startsWith('/invitation/') ? 'private, no-store' : 'no-cache',
      );
      // A guest's page is titled as the club's invitation (its link is shared), the others by the brand.
      expect(response.text).toContain(
        path.startsWith('/invitation/')
          ? '<title>An Invitation from Maison Fortuna</title>'
          : '<title>Maison Fortuna</title>',
      );
      expect(response.text).toContain('<meta name="app-config"');
    }
  });

  it('serves hashed assets for a year and other files for an hour', async () => {
    const asset = await request(t.http).get('/assets/index-abc123.js').expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['cache-control']).toContain('max-age=31536000');
    const icon = await request(t.http).get('/favicon.svg').expect(200);
    expect(icon.headers['cache-control']).toContain('max-age=3600');
  });

  it('never answers an api path with a file or the page', async () => {
    const status = await request(t.http).get('/api/status').expect(200);
    expect(status.body).toEqual({ maintenance: false });
    const missing = await request(t.http).get('/api/no-such-endpoint').expect(404);
    expect(missing.body).toMatchObject({ success: false });
    const metrics = await request(t.http).get('/metrics').expect(401);
    expect(metrics.body).toEqual({ success: false, error: 'Invalid credentials', code: 'UNAUTHORIZED' });
  });
});
