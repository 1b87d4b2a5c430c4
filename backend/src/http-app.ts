import { type INestApplication, RequestMethod } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Logger as Pino } from 'pino';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { BODY_LIMIT_BYTES, jsonBodyParser, limitUnparsedBodies, refuseUnstorableText } from './common/request-body';
import { sameOriginWrites } from './common/same-origin-writes';
import { createValidationPipe } from './common/validation.pipe';
import type { AppConfig } from './config/environment';
import { publicConfig } from './modules/site-config/site-config.controller';
import { ROOT_LOGGER } from './platform/logging/logging.module';
import { requestLogger } from './platform/logging/request-logger';
import { httpMetrics } from './platform/metrics/http-metrics';
import { MetricsRegistry } from './platform/metrics/metrics-registry';
import { buildOpenApiDocument, serveApiDocs } from './openapi';

/** Paths the single-page app must not swallow. */
const SERVER_PATHS = /^\/(api|admin\/queues|metrics)(\/|$)/;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Every controller's routes under /api, but Bull Board at /admin/queues (see
 * modules/admin/queue-board.module.ts) and Prometheus's /metrics. Also used by scripts/openapi.ts.
 */
export function setApiPrefix(app: INestApplication): void {
  app.setGlobalPrefix('api', {
    exclude: [
      { path: 'admin/queues', method: RequestMethod.ALL },
      { path: 'admin/queues/{*path}', method: RequestMethod.ALL },
      { path: 'metrics', method: RequestMethod.GET },
    ],
  });
}

/** Everything an HTTP app of ours needs, shared by main.ts and the API tests. */
export function configureHttpApp(app: NestExpressApplication, config: AppConfig): void {
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(httpMetrics(app.get(MetricsRegistry)));
  app.use(requestLogger(app.get<Pino>(ROOT_LOGGER)));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://js.stripe.com'],
          frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
          connectSrc: ["'self'", 'https://api.stripe.com'],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: config.APP_URL.startsWith('https') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(sameOriginWrites(config.APP_URL));
  app.use(jsonBodyParser());
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT_BYTES, extended: false });
  app.use(limitUnparsedBodies);
  app.use(cookieParser());
  app.use(refuseUnstorableText);
  setApiPrefix(app);
  serveApiDocs(app, buildOpenApiDocument(app));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  app.enableShutdownHooks();
  if (config.FRONTEND_DIST) serveFrontend(app, config);
}

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached and
 * carrying the public configuration (brand name) in a meta tag, so no build bakes it in.
 */
function serveFrontend(app: NestExpressApplication, config: AppConfig): void {
  const dist = config.FRONTEND_DIST;
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`FRONTEND_DIST has no index.html: ${dist}`);
  const meta = `<meta name="app-config" content="${escapeAttribute(JSON.stringify(publicConfig(config)))}">`;
  const index = readFileSync(indexPath, 'utf8')
    .replace('<!--app-config-->', meta)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(config.BRAND_NAME)}</title>`);
  app.use(
    '/assets',
    express.static(join(dist, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: true }),
  );
  // The api's own paths never look on disk (a stat per API call otherwise).
  const files = express.static(dist, { index: false, maxAge: '1h' });
  app.use((request: Request, response: Response, next: NextFunction) =>
    SERVER_PATHS.test(request.path) ? next() : files(request, response, next),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || SERVER_PATHS.test(request.path)) return next();
    if (request.path.startsWith('/assets/')) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.type('html').send(index);
  });
}
