import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './support/test-app';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that keeps the bytes as sent (no client-side decompression). */
function get(server: Server, path: string, acceptEncoding?: string): Promise<RawAnswer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const ENTRY = `console.log(${JSON.stringify('the entry chunk '.repeat(200))});`;
const STYLES = `.hero{color:#c9a35b}${'.x{margin:0}'.repeat(300)}`;

/** A build as `vite build` writes it: every compressible file beside its .br and .gz copies. */
function writeBuild(dist: string, renderer?: string) {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>x</title><!--app-config--><meta property="og:site_name" content="__BRAND_NAME__" /></head><body><div id="root"></div></body></html>',
  );
  for (const [name, text] of [
    ['assets/index-abc123.js', ENTRY],
    ['assets/index-abc123.css', STYLES],
  ]) {
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(Buffer.from(text)));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(Buffer.from(text)));
  }
  // What must never be served: a source map, the prerenderer.
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  if (renderer) {
    mkdirSync(join(dist, 'server'));
    writeFileSync(join(dist, 'server', 'render.cjs'), renderer);
  }
}

describe('serving the built site compressed, and / prerendered', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'mf-dist-'));
    // A prerenderer as vite --ssr builds it: called once at start-up with the deployment's brand.
    writeBuild(
      dist,
      `exports.renderLanding = async (config) => ({
        html: '<main><h1>Welcome to ' + config.brandName + '</h1></main>',
        title: config.brandName + ' · A Private Members\\' Club',
      });`,
    );
    t = await createTestApp({ env: { FRONTEND_DIST: dist, BRAND_NAME: 'Casa Aurora' } });
    await new Promise<void>((resolve) => (t.http as Server).listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['the entry chunk', '/assets/index-abc123.js', ENTRY, /javascript/],
    ['the stylesheet', '/assets/index-abc123.css', STYLES, /text\/css/],
  ])(
    'answers %s in brotli, or gzip to a client that takes only gzip, decompressing to the file',
    async (_n, path, text, type) => {
      const brotli = await get(t.http as Server, path, 'gzip, deflate, br');
      expect(brotli.status).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotli.headers['content-type']).toMatch(type);
      expect(brotli.headers['cache-control']).toContain('immutable');
      expect(brotli.body.length).toBeLessThan(Buffer.byteLength(text));
      expect(brotliDecompressSync(brotli.body).toString()).toBe(text);

      const gzip = await get(t.http as Server, path, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers['vary']).toMatch(/accept-encoding/i);
      expect(gunzipSync(gzip.body).toString()).toBe(text);

      // br refused by q=0: gzip then.
      const refused = await get(t.http as Server, path, 'br;q=0, gzip');
      expect(refused.headers['content-encoding']).toBe('gzip');

      const plain = await get(t.http as Server, path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toMatch(/accept-encoding/i);
      expect(plain.body.toString()).toBe(text);
    },
  );

  it('serves no source map and never the prerenderer', async () => {
    const map = await get(t.http as Server, '/assets/index-abc123.js.map', 'br');
    expect(map.status).toBe(404);
    const renderer = await get(t.http as Server, '/server/render.cjs');
    expect(renderer.body.toString()).not.toContain('renderLanding');
  });

  it('answers / with the HTML prerendered at start-up for this brand, compressed and never cached', async () => {
    const page = await get(t.http as Server, '/', 'br');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['vary']).toMatch(/accept-encoding/i);
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(page.body).toString();
    expect(html).toContain('<div id="root"><main><h1>Welcome to Casa Aurora</h1></main></div>');
    expect(html).toContain("<title>Casa Aurora · A Private Members' Club</title>");
    expect(html).toContain('<meta property="og:site_name" content="Casa Aurora" />');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/">');
    expect(html).toContain('<meta name="app-config"');

    // Other routes get the page the browser renders, with the brand too.
    const other = await get(t.http as Server, '/vendor-apply', 'gzip');
    const shell = gunzipSync(other.body).toString();
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).toContain('<title>Casa Aurora</title>');
  });
});

describe('a prerenderer that fails at start-up', () => {
  it('leaves / as the plain page the browser renders', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'mf-dist-'));
    writeBuild(dist, `exports.renderLanding = async () => { throw new Error('window is not defined'); };`);
    const t = await createTestApp({ env: { FRONTEND_DIST: dist, BRAND_NAME: 'Maison Fortuna' } });
    try {
      await new Promise<void>((resolve) => (t.http as Server).listen(0, '127.0.0.1', resolve));
      const page = await get(t.http as Server, '/');
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('<div id="root"></div>');
      expect(page.body.toString()).toContain('<title>Maison Fortuna</title>');
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
