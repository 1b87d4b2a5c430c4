import { adminEnv, resetWithAdmin } from './launch-party-fixtures';
import { startSmtpSink } from './smtp-sink';
import { createTestApp, type TestApp } from './test-app';

export interface LaunchPartyApp {
  t: TestApp;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
}

/**
 * The app with its worker and the administrator's credentials, mailing to a local SMTP sink, for
 * a describe block: started before its tests, emptied (administrator kept, mail forgotten) before
 * each, closed after. `env` adds to or overrides the defaults (public rate limit 1,000 a minute).
 * Its fields are set once its beforeAll has run.
 */
export function useLaunchPartyApp(env: Record<string, string> = {}): LaunchPartyApp {
  const app = {} as LaunchPartyApp;
  beforeAll(async () => {
    app.smtp = await startSmtpSink();
    app.t = await createTestApp({
      worker: true,
      env: { ...adminEnv, SMTP_URL: app.smtp.url, RATE_LIMIT_PUBLIC_PER_MINUTE: '1000', ...env },
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
