import { type INestApplication, RequestMethod } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import type { Logger as Pino } from 'pino';
import { AllExceptionsFilter } from './platform/http/all-exceptions.filter';
import { BODY_LIMIT_BYTES, jsonBodyParser, limitUnparsedBodies, refuseUnstorableText } from './common/request-body';
import { sameOriginWrites } from './common/same-origin-writes';
import { createValidationPipe } from './common/validation.pipe';
import type { AppConfig } from './config/environment';
import { AppError } from './common/app-error';
import { RateLimitService } from './common/rate-limit.service';
import { RsvpsService } from './modules/invitations';
import { publicConfig } from './modules/site-config';
import { vendorTaxonomy } from './modules/vendors';
import { ROOT_LOGGER } from './platform/logging/logging.module';
import { requestLogger } from './platform/logging/request-logger';
import { ProcessDrain } from './platform/http/process-drain';
import { configureHttpServer } from './platform/http/http-server';
import { serveFrontend } from './platform/http/serve-frontend';
import { httpMetrics } from './platform/metrics/http-metrics';
import { MetricsRegistry } from './platform/metrics/metrics-registry';
import { buildOpenApiDocument, serveApiDocs } from './openapi';

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
  configureHttpServer(app.getHttpServer(), config);
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(app.get(ProcessDrain).track);
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
  if (config.FRONTEND_DIST) {
    const logger = app.get<Pino>(ROOT_LOGGER);
    const rsvps = app.get(RsvpsService);
    const limits = app.get(RateLimitService);
    serveFrontend(
      app,
      config.FRONTEND_DIST,
      {
        brandName: config.BRAND_NAME,
        appUrl: config.APP_URL,
        publicConfig: publicConfig(config),
        pageAnswers: {
          vendorTaxonomy,
          // As GET /api/invitations/{code} answers it (JSON: dates as strings); null for an unknown code.
          invitation: (code) =>
            rsvps.view(code).then(
              (view) => JSON.parse(JSON.stringify(view)) as unknown,
              (error: unknown) => {
                if (error instanceof AppError && error.status === 404) return null;
                throw error;
              },
            ),
        },
        limitInvitationPages: (address) =>
          limits.consume(
            {
              name: 'invitation-page',
              limit: config.RATE_LIMIT_INVITATION_PAGES_PER_MINUTE,
              windowSeconds: 60,
              message: 'Too many pages opened from your connection. Please wait a minute and try again.',
            },
            address,
          ),
      },
      { info: (message) => logger.info(message), warn: (message) => logger.warn(message) },
    );
  }
}
