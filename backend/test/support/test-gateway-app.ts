import { adminEnv, resetWithAdmin } from './launch-party-fixtures';
import { startSmtpSink } from './smtp-sink';
import { createTestApp, type TestApp } from './test-app';

export interface TestGatewayApp {
  t: TestApp;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
}

/**
 * The app with its worker, paying through the built-in test gateway (no Stripe keys) and mailing
 * to a local SMTP sink, for a describe block: started before its tests, emptied (administrator
 * kept, mail forgotten) before each, closed after. Its fields are set once its beforeAll has run.
 */
export function useTestGatewayApp(): TestGatewayApp {
  const app = {} as TestGatewayApp;
  beforeAll(async () => {
    app.smtp = await startSmtpSink();
    app.t = await createTestApp({
      worker: true,
      env: {
        ...adminEnv,
        SMTP_URL: app.smtp.url,
        STRIPE_SECRET_KEY: '',
        STRIPE_PUBLISHABLE_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
      },
    });
  });
  beforeEach(async () => {
    await resetWithAdmin(app.t);
    app.smtp.received.length = 0;
  });
  afterAll(async () => {
    await app.t?.close();
    await app.smtp?.close();
  });
  return app;
}
