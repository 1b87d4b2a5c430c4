import { loadEnvironment } from './environment';

const minimal = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/maison',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SESSION_SECRET: 'x'.repeat(64),
};

describe('configuration', () => {
  it('fills every default when only the stores and the secret are given', () => {
    const config = loadEnvironment(minimal);
    expect(config).toMatchObject({
      PORT: 3000,
      BRAND_NAME: 'Maison Fortuna',
      OPENAI_MODEL: 'gpt-4o',
      PAYMENT_HOLD_MINUTES: 15,
    });
  });

  it('stops boot naming a missing setting', () => {
    expect(() => loadEnvironment({ ...minimal, DATABASE_URL: undefined })).toThrow(/DATABASE_URL.*missing/);
  });

  it('stops boot naming a malformed setting, without echoing secrets', () => {
    expect(() => loadEnvironment({ ...minimal, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnvironment({ ...minimal, APP_URL: 'not a url' })).toThrow(/APP_URL/);
    let message = '';
    try {
      loadEnvironment({ ...minimal, SESSION_SECRET: 'short-secret' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SESSION_SECRET/);
    expect(message).not.toContain('short-secret');
    expect(() => loadEnvironment({ ...minimal, METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN.*\*\*\*/);
  });

  it('takes the default time zone of events as an IANA name, Europe/Monaco unless told', () => {
    expect(loadEnvironment(minimal).DEFAULT_EVENT_TIME_ZONE).toBe('Europe/Monaco');
    expect(loadEnvironment({ ...minimal, DEFAULT_EVENT_TIME_ZONE: 'America/New_York' }).DEFAULT_EVENT_TIME_ZONE).toBe(
      'America/New_York',
    );
    for (const zone of ['Europe/Atlantis', '+01:00', '']) {
      expect(() => loadEnvironment({ ...minimal, DEFAULT_EVENT_TIME_ZONE: zone })).toThrow(
        /DEFAULT_EVENT_TIME_ZONE: DEFAULT_EVENT_TIME_ZONE must be an IANA time zone like Europe\/Monaco/,
      );
    }
  });

  it('treats an empty optional setting as unset', () => {
    expect(loadEnvironment({ ...minimal, SMTP_URL: '', OPENAI_API_KEY: '' })).toMatchObject({
      SMTP_URL: undefined,
      OPENAI_API_KEY: undefined,
    });
  });
});
