import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from '../src/app.module';
import { setApiPrefix } from '../src/http-app';
import { buildOpenApiDocument } from '../src/openapi';
import { ExpressHttpAdapter } from '../src/platform/http/express-http-adapter';

/**
 * The OpenAPI document from the code alone: the app is composed in preview mode, so no provider
 * is created and nothing connects to PostgreSQL or Redis. Used by `npm run api:types` and by the
 * contract freshness test.
 */
export async function openApiDocumentFromCode(): Promise<OpenAPIObject> {
  const app = await NestFactory.create(AppModule, new ExpressHttpAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    setApiPrefix(app);
    return buildOpenApiDocument(app);
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  openApiDocumentFromCode().then(
    (document) => {
      process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
