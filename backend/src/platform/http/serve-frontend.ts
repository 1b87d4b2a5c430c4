import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { AppError } from '../../common/app-error';
import { clientIp } from '../../common/client-ip';
import { RecentPages } from './recent-pages';

/** Paths the single-page app must not swallow. */
export const SERVER_PATHS = /^\/(api|admin\/queues|metrics)(\/|$)/;

/** What the page's scripts may know (the `app-config` meta tag) and what the prerenderer needs. */
export interface FrontendConfig {
  brandName: string;
  appUrl: string;
  /** The whole public configuration, written into the `app-config` meta tag. */
  publicConfig: object;
  /**
   * What the prerendered pages show at first paint, as their API calls would answer (the `data`),
   * from the modules' own services. Without it those pages render in the browser.
   */
  pageAnswers?: PageAnswerSources;
  /**
   * Counts one request of a guest's invitation page for a client address, and rejects with a 429
   * AppError once the address is over its limit (RateLimitService): each page is rendered on the
   * server, at many times the cost of an API call.
   */
  limitInvitationPages?(clientAddress: string): Promise<void>;
}

export interface PageAnswerSources {
  /** GET /api/vendor-taxonomy: static, read once at start-up for /vendor-apply. */
  vendorTaxonomy(): unknown;
  /** GET /api/invitations/{code}, or null when no such invitation: read at each request of /invitation/{code}. */
  invitation(code: string): Promise<unknown>;
}

export interface FrontendLogger {
  info(message: string): void;
  warn(message: string): void;
}

type Encoding = 'br' | 'gzip';

interface BuiltFile {
  path: string;
  type: string;
  immutable: boolean;
  /** Precompressed copies written by the build beside the file (`.br`, `.gz`). */
  encoded: Partial<Record<Encoding, string>>;
}

/** A page held in memory with its compressed forms, made once. */
interface Page {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

interface SiteConfig {
  brandName: string;
  appUrl: string;
}

interface PageAnswers {
  vendorTaxonomy?: unknown;
  invitation?: { code: string; view: unknown };
}

/** What frontend/dist/server/render.cjs (built by `vite build --ssr`, src/app/server-render.tsx) exports. */
interface Prerenderer {
  renderLanding(config: SiteConfig): Promise<{ html: string; title: string }>;
  /** Any page: its HTML, Ant Design's styles for its head and the answers it was rendered with. */
  renderPage?(
    url: string,
    config: SiteConfig,
    answers: PageAnswers,
  ): Promise<{ html: string; styles: string; queries: unknown[] }>;
}

/** The pages rendered once at start-up: the vendor application, at both of its addresses. */
const VENDOR_APPLY_PATHS = ['/vendor-apply', '/vendor-onboarding'];
/** A guest's invitation page, rendered at each request: its code, as the API takes it. */
const INVITATION_PATH = /^\/invitation\/([^/]{1,200})$/;
/**
 * The guest's thank-you and payment pages, rendered at each request like the invitation (the
 * invitation's code first): on a slow phone they paint their card at once instead of a black page
 * while their scripts come.
 */
const GUEST_PATHS: { pattern: RegExp; route: string }[] = [
  { pattern: /^\/invitations\/([^/]{1,200})\/thank-you$/, route: 'src/app/routes/thank-you.tsx' },
  { pattern: /^\/invitations\/([^/]{1,200})\/payment\/[^/]{1,200}$/, route: 'src/app/routes/invitation-payment.tsx' },
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/**
 * The head of a guest's pages as a shared link shows them: the club's invitation, its own picture
 * (frontend/public/share-invitation.png), and nothing of the guest or the evening, for the link
 * is the guest's key. Kept out of search engines.
 */
function guestHead(template: string, brandName: string, origin: string): string {
  const title = `An Invitation from ${brandName}`;
  const description = `${brandName} requests the pleasure of your company. Open your invitation to see the evening and to respond.`;
  const image = `${origin}/share-invitation.png`;
  const tags: [RegExp, string][] = [
    [/(<meta name="description" content=")[^"]*"/, description],
    [/(<meta property="og:title" content=")[^"]*"/, title],
    [/(<meta property="og:description" content=")[^"]*"/, description],
    [/(<meta property="og:image" content=")[^"]*"/, image],
    [/(<meta property="og:image:alt" content=")[^"]*"/, title],
    [/(<meta name="twitter:title" content=")[^"]*"/, title],
    [/(<meta name="twitter:description" content=")[^"]*"/, description],
    [/(<meta name="twitter:image" content=")[^"]*"/, image],
    [/(<meta name="twitter:image:alt" content=")[^"]*"/, title],
  ];
  return tags
    .reduce(
      (html, [tag, value]) => html.replace(tag, (_match, start: string) => `${start}${escapeAttribute(value)}"`),
      template,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`)
    .replace('</head>', '<meta name="robots" content="noindex"></head>');
}

/**
 * The encoding to answer with: brotli when the client takes it, else gzip, else none. A coding the
 * client lists with q=0 is refused (RFC 9110 12.5.3).
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const takes = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

/** Every file of the build the browser may ask for: no source maps, no server bundle, no build metadata. */
function scanBuild(dist: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      const rel = relative(dist, full).split(sep).join('/');
      if (entry.isDirectory()) {
        if (rel !== 'server') walk(full);
        continue;
      }
      if (/\.(br|gz|map)$/.test(entry.name) || rel === 'index.html') continue;
      const encoded: BuiltFile['encoded'] = {};
      if (existsSync(`${full}.br`)) encoded.br = `${full}.br`;
      if (existsSync(`${full}.gz`)) encoded.gzip = `${full}.gz`;
      files.set(`/${rel}`, {
        path: full,
        type: TYPES[extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
        immutable: rel.startsWith('assets/'),
        encoded,
      });
    }
  };
  walk(dist);
  return files;
}

function compressPage(html: string): Page {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * A page rendered at a request: each encoding made when a client first takes it, then kept with the
 * page, at a quick level (brotli 5, gzip 6). The pages rendered once (compressPage) can afford the
 * smallest; these are paid for at requests, where the highest levels would cost more CPU than the
 * bytes they save.
 */
function compressOnDemand(html: string): Page {
  const identity = Buffer.from(html, 'utf8');
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    identity,
    get br() {
      return (br ??= brotliCompressSync(identity, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }));
    },
    get gzip() {
      return (gzip ??= gzipSync(identity, { level: 6 }));
    },
  };
}

/** How long a guest's rendered page is kept for the next request of it, and how many are kept. */
const INVITATION_PAGE_KEEP_MS = 10_000;
const INVITATION_PAGES_KEPT = 200;

/**
 * Over the limit: a short page a person can read (or the API's JSON error shape, for a client that
 * asks for JSON), with Retry-After, kept by no cache.
 */
function sendTooManyRequests(request: Request, response: Response, error: AppError, brandName: string): void {
  response.status(429);
  for (const [name, value] of Object.entries(error.headers ?? {})) response.setHeader(name, value);
  response.setHeader('Cache-Control', 'no-store');
  if (request.accepts(['html', 'json']) === 'json') {
    response.json({ success: false, error: error.message, code: error.code });
    return;
  }
  const brand = escapeText(brandName);
  response.setHeader('Content-Type', TYPES['.html']);
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${brand}</title></head>` +
      `<body><main><h1>${brand}</h1><p>${escapeText(error.message)}</p></main></body></html>`,
  );
}

/**
 * Pages the same for every visitor may be kept by any cache and revalidated (`no-cache`); a guest's
 * own invitation (`personal`) is kept by no cache at all, shared or not.
 */
function sendPage(request: Request, response: Response, page: Page, personal = false): void {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  response.setHeader('Content-Type', TYPES['.html']);
  response.setHeader('Cache-Control', personal ? 'private, no-store' : 'no-cache');
  response.setHeader('Vary', 'Accept-Encoding');
  if (encoding) response.setHeader('Content-Encoding', encoding);
  const body = encoding ? page[encoding] : page.identity;
  response.setHeader('Content-Length', String(body.length));
  if (request.method === 'HEAD') response.end();
  else response.end(body);
}

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; assets?: string[]; isEntry?: boolean };

function readManifest(dist: string): Record<string, ManifestChunk> {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return {};
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
}

/** The files a route needs: its chunks' stylesheets and its chunks (not the entry). */
interface RouteFiles {
  css: string[];
  scripts: string[];
}

/**
 * The files of the routes whose chunks are named by their source (`src/app/routes/vendor-apply.tsx`)
 * in the client build's manifest, with everything they import: known at once, instead of the
 * waterfall of imports the browser otherwise finds one after another.
 */
function routeFiles(manifest: Record<string, ManifestChunk>, sources: string[]): RouteFiles {
  const css = new Set<string>();
  const scripts = new Set<string>();
  const visit = (key: string, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (!chunk.isEntry) {
      scripts.add(`/${chunk.file}`);
      for (const file of chunk.css ?? []) css.add(`/${file}`);
    }
    for (const imported of chunk.imports ?? []) visit(imported, seen);
  };
  const seen = new Set<string>();
  for (const source of sources) visit(source, seen);
  return { css: [...css], scripts: [...scripts] };
}

/** A route's stylesheets (its CSS is otherwise loaded by its script) and its chunks preloaded. */
function routeHead({ css, scripts }: RouteFiles): string {
  return [
    ...css.map((file) => `<link rel="stylesheet" href="${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" href="${file}" fetchpriority="low">`),
  ].join('');
}

/**
 * The landing page's head additions: its stylesheets, its scripts preloaded at low priority, and
 * the hero's first picture preloaded, as the manifest of the client build names them.
 */
function landingHead(manifest: Record<string, ManifestChunk>): string {
  // The landing page lives in the entry (app/router.tsx); a build that splits it off names it apart.
  const landing = manifest['src/app/routes/landing.tsx'] ? 'src/app/routes/landing.tsx' : 'index.html';
  const assets = Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.assets ?? [])]);
  const hero = assets.find((file) => /\/jet-at-dusk-[\w-]+\.svg$/.test(file));
  return (
    (hero ? `<link rel="preload" as="image" href="/${hero}" fetchpriority="high">` : '') +
    routeHead(routeFiles(manifest, [landing]))
  );
}

/** The chunks of the Ant Design pages that are prerendered: the layout that brings Ant Design, then the page. */
const ANTD_LAYOUT = 'src/app/antd-layout.tsx';
const VENDOR_APPLY_CHUNKS = [ANTD_LAYOUT, 'src/app/routes/vendor-apply.tsx'];
const INVITATION_CHUNKS = [ANTD_LAYOUT, 'src/app/routes/invitation.tsx'];

/** The answers a page was rendered with, for main.tsx to seed its query cache: JSON no `</script>` can end early. */
function queriesScript(queries: unknown[]): string {
  if (queries.length === 0) return '';
  const json = JSON.stringify(queries).replace(/</g, '\\u003c');
  return `<script type="application/json" id="mf-queries">${json}</script>`;
}

/**
 * Serves the built React app: every file precompressed at build time (brotli or gzip, as the client
 * takes them), hashed assets cached for a year, pages never cached and carrying the public
 * configuration (brand name) in a meta tag, so no build bakes it in. The landing page (/) and the
 * vendor application are rendered into real HTML once, at start-up, with this deployment's brand; a
 * guest's pages (the invitation, its thank-you and payment pages) at a request, with the invitation
 * from its module's service, kept here a few
 * seconds while the invitation reads the same (RecentPages) and by no other cache, its requests
 * limited per client address (429 past the limit). When a page cannot be rendered (no prerenderer, an unknown invitation, an error) it gets
 * the plain page, which renders in the browser as before (an unknown code shows its 'not found').
 */
export function serveFrontend(
  app: NestExpressApplication,
  dist: string,
  config: FrontendConfig,
  logger?: FrontendLogger,
): void {
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`FRONTEND_DIST has no index.html: ${dist}`);
  const meta = `<meta name="app-config" content="${escapeAttribute(JSON.stringify(config.publicConfig))}">`;
  const origin = config.appUrl.replace(/\/+$/, '');
  const template = readFileSync(indexPath, 'utf8')
    .replace('<!--app-config-->', meta)
    .replace(/__BRAND_NAME__/g, escapeAttribute(config.brandName))
    .replace(/__APP_URL__/g, escapeAttribute(origin));
  const plainTemplate = template.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(config.brandName)}</title>`);
  const shell = compressPage(plainTemplate);
  const files = scanBuild(dist);
  const manifest = readManifest(dist);
  const site = { brandName: config.brandName, appUrl: config.appUrl };
  const warn = (what: string) => (error: unknown) => {
    logger?.warn(`${what} not prerendered, served as the plain page: ${(error as Error).message ?? error}`);
    return null;
  };
  let renderer: Prerenderer | null = null;
  try {
    renderer = loadPrerenderer(dist);
  } catch (error) {
    warn('pages')(error);
  }

  const landing = renderer
    ? prerenderLanding(renderer, template, config, landingHead(manifest)).then((page) => {
        logger?.info('landing page prerendered');
        return page;
      }, warn('landing page'))
    : Promise.resolve(null);

  // The vendor application and the invitation are the plain page with their chunks preloaded
  // when they cannot be rendered: their stylesheets and scripts still arrive at once.
  const vendorFiles = routeFiles(manifest, VENDOR_APPLY_CHUNKS);
  const guestTemplate = guestHead(plainTemplate, config.brandName, origin);
  const invitationFiles = routeFiles(manifest, INVITATION_CHUNKS);
  const invitationShell = compressPage(guestTemplate.replace('</head>', `${routeHead(invitationFiles)}</head>`));
  const guestPages = GUEST_PATHS.map(({ pattern, route }) => {
    const files = routeFiles(manifest, [ANTD_LAYOUT, route]);
    return { pattern, files, shell: compressPage(guestTemplate.replace('</head>', `${routeHead(files)}</head>`)) };
  });
  const vendorShell = compressPage(plainTemplate.replace('</head>', `${routeHead(vendorFiles)}</head>`));
  const vendorPages = new Map(
    VENDOR_APPLY_PATHS.map((path) => {
      const page =
        renderer?.renderPage && config.pageAnswers
          ? renderer
              .renderPage(path, site, { vendorTaxonomy: config.pageAnswers.vendorTaxonomy() })
              .then((rendered) => compressPage(fillPage(plainTemplate, rendered, vendorFiles)), warn(path))
          : Promise.resolve(null);
      return [path, page.then((rendered) => rendered ?? vendorShell)] as const;
    }),
  );

  const invitationPages = new RecentPages<Page>(INVITATION_PAGE_KEEP_MS, INVITATION_PAGES_KEPT);

  /**
   * A guest's page at `path` (the invitation, its thank-you or its payment page), or null for the
   * shell (no prerenderer, no such invitation). The invitation is read at each request; the page is
   * rendered again only when what it shows has changed.
   */
  const renderGuestPage = async (path: string, code: string, files: RouteFiles): Promise<Page | null> => {
    const render = renderer?.renderPage;
    if (!render || !config.pageAnswers) return null;
    const view = await config.pageAnswers.invitation(code);
    if (view === null || view === undefined) return null;
    return invitationPages.get(path, JSON.stringify(view), async () => {
      const rendered = await render(path, site, { invitation: { code, view } });
      return compressOnDemand(fillPage(guestTemplate, rendered, files));
    });
  };

  /** The limit first, then the page; the plain page when the limit cannot be asked (Redis away) or rendering fails. */
  const serveGuestPage = async (
    request: Request,
    response: Response,
    path: string,
    code: string,
    { files, shell: guestShell }: { files: RouteFiles; shell: Page },
  ): Promise<void> => {
    try {
      await config.limitInvitationPages?.(clientIp(request));
    } catch (error) {
      if (error instanceof AppError && error.status === 429) {
        return sendTooManyRequests(request, response, error, config.brandName);
      }
      warn('invitation page')(error);
      return sendPage(request, response, guestShell, true);
    }
    const page = await renderGuestPage(path, code, files).catch(warn('invitation page'));
    sendPage(request, response, page ?? guestShell, true);
  };

  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || SERVER_PATHS.test(request.path)) return next();
    let path: string;
    try {
      path = decodeURIComponent(request.path);
    } catch {
      return next();
    }
    const file = files.get(path);
    if (file) return sendFile(request, response, next, file);
    if (path.startsWith('/assets/')) return next();
    if (path === '/') {
      void landing.then((page) => sendPage(request, response, page ?? shell));
      return;
    }
    const vendorPage = vendorPages.get(path);
    if (vendorPage) {
      void vendorPage.then((page) => sendPage(request, response, page));
      return;
    }
    const invitation = INVITATION_PATH.exec(path);
    if (invitation) {
      const code = invitation[1] as string;
      void serveGuestPage(request, response, `/invitation/${encodeURIComponent(code)}`, code, {
        files: invitationFiles,
        shell: invitationShell,
      });
      return;
    }
    for (const guestPage of guestPages) {
      const match = guestPage.pattern.exec(path);
      if (match) {
        void serveGuestPage(request, response, request.path, match[1] as string, guestPage);
        return;
      }
    }
    sendPage(request, response, shell);
  });
}

function sendFile(request: Request, response: Response, next: NextFunction, file: BuiltFile): void {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const encodedPath = encoding ? file.encoded[encoding] : undefined;
  response.setHeader('Content-Type', file.type);
  if (file.encoded.br || file.encoded.gzip) response.setHeader('Vary', 'Accept-Encoding');
  if (encodedPath) response.setHeader('Content-Encoding', encoding as Encoding);
  response.sendFile(
    encodedPath ?? file.path,
    {
      maxAge: file.immutable ? '365d' : '1h',
      immutable: file.immutable,
      dotfiles: 'allow',
      // A compressed copy must not answer a byte range of the original.
      acceptRanges: !encodedPath,
    },
    (error?: Error) => {
      if (error && !response.headersSent) next(error);
    },
  );
}

function loadPrerenderer(dist: string): Prerenderer | null {
  const rendererPath = join(dist, 'server', 'render.cjs');
  if (!existsSync(rendererPath) || !statSync(rendererPath).isFile()) return null;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(rendererPath) as Prerenderer;
}

/**
 * A rendered page in the template: Ant Design's styles first in the head (as Ant Design puts them,
 * so the page's own stylesheets win), its stylesheets, its HTML, and the answers it was rendered with.
 */
function fillPage(
  template: string,
  rendered: { html: string; styles: string; queries: unknown[] },
  files: RouteFiles,
): string {
  const stylesheets = files.css.map((file) => `<link rel="stylesheet" href="${file}">`).join('');
  // Replaced by functions: the page's own text (a guest's note) may hold `$&` and the like.
  return startAfterPaint(template, files.scripts)
    .replace('<head>', () => `<head>${rendered.styles}`)
    .replace('</head>', () => `${stylesheets}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>${queriesScript(rendered.queries)}`);
}

/**
 * The scripts of a page rendered here only take it over (hydrate): public/start-after-paint.js
 * fetches them (the route's chunks all at once, then the entry) once the page has painted, so on a
 * phone the HTML and CSS have the line to themselves and the words show as soon as they have come.
 */
function startAfterPaint(html: string, chunks: string[]): string {
  return html.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_tag, entry: string) =>
      `<script src="/start-after-paint.js" data-entry="${entry}" data-chunks="${chunks.join(' ')}" defer></script>`,
  );
}

/**
 * The landing page paints from its HTML and CSS; its scripts only take it over (hydrate), so they
 * load behind the stylesheets and the hero's picture, never before them.
 */
function lowPriorityEntry(html: string): string {
  return html.replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin');
}

async function prerenderLanding(
  renderer: Prerenderer,
  template: string,
  config: FrontendConfig,
  head: string,
): Promise<Page> {
  const { html, title } = await renderer.renderLanding({ brandName: config.brandName, appUrl: config.appUrl });
  const canonical = `${config.appUrl.replace(/\/+$/, '')}/`;
  const page = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`)
    .replace(/(<meta property="og:title" content=")[^"]*"/, `$1${escapeAttribute(title)}"`)
    .replace(/(<meta name="twitter:title" content=")[^"]*"/, `$1${escapeAttribute(title)}"`)
    .replace(
      '</head>',
      `<link rel="canonical" href="${escapeAttribute(canonical)}"><meta property="og:url" content="${escapeAttribute(canonical)}">${head}</head>`,
    )
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
  return compressPage(lowPriorityEntry(page));
}
