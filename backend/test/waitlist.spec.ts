import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app';
import { startSmtpSink } from './support/smtp-sink';

const valid = {
  email: 'Ada.Lovelace@Example.com ',
  fullName: 'Ada Lovelace',
  phoneNumber: '+44 20 7946 0958',
  consent: true,
  bot_check: '',
  timestamp: '2026-11-22T10:00:00.000Z',
  source: 'landing',
  utmSource: 'newsletter',
  utmMedium: 'email',
  utmCampaign: 'launch',
  utmTerm: 'jets',
  utmContent: 'hero',
  ref: 'friend-42',
};

describe('POST /api/waitlist', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ worker: true, env: { SMTP_URL: smtp.url, RATE_LIMIT_PUBLIC_PER_MINUTE: '5' } });
  });
  beforeEach(async () => {
    await t.reset();
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const rows = () =>
    t.orm.em.getConnection().execute<Array<Record<string, unknown>>>('select * from waitlist_entries order by created_at');

  it('stores a sign-up with its attribution, the email trimmed and lower-cased', async () => {
    const response = await request(t.http).post('/api/waitlist').send(valid).expect(200);
    expect(response.body).toEqual({ success: true });
    const [row] = await rows();
    expect(row).toMatchObject({
      email: 'ada.lovelace@example.com',
      full_name: 'Ada Lovelace',
      phone_number: '+44 20 7946 0958',
      consent: true,
      source: 'landing',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'launch',
      utm_term: 'jets',
      utm_content: 'hero',
      ref: 'friend-42',
    });
    expect(new Date(row.submitted_at as string).toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  it('answers success to a second sign-up and keeps the first attribution', async () => {
    await request(t.http).post('/api/waitlist').send(valid).expect(200);
    await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, email: 'ADA.LOVELACE@example.com', utmSource: 'instagram' })
      .expect(200, { success: true });
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0].utm_source).toBe('newsletter');
  });

  it('accepts a filled honeypot silently and stores nothing', async () => {
    await request(t.http).post('/api/waitlist').send({ ...valid, bot_check: 'http://spam' }).expect(200, { success: true });
    expect(await rows()).toHaveLength(0);
  });

  it.each([
    [{ email: '' }, 'Email is required'],
    [{ email: undefined }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: 42 }, 'Please enter a valid email address'],
    [{ consent: false }, 'You must agree to receive updates'],
    [{ consent: undefined }, 'You must agree to receive updates'],
    [{ consent: 'yes' }, 'You must agree to receive updates'],
  ])('refuses %j with "%s"', async (change, message) => {
    const response = await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, ...change })
      .expect(400);
    expect(response.body).toMatchObject({ success: false, error: message });
    expect(await rows()).toHaveLength(0);
  });

  it('answers 400 to malformed JSON and to wrong types', async () => {
    const malformed = await request(t.http)
      .post('/api/waitlist')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.co", ')
      .expect(400);
    expect(malformed.body).toEqual({ success: false, error: 'Malformed JSON in request body.' });
    await request(t.http).post('/api/waitlist').send({ ...valid, fullName: { nested: true } }).expect(400);
    await request(t.http).post('/api/waitlist').send({ ...valid, timestamp: 'yesterday' }).expect(400);
    await request(t.http).post('/api/waitlist').set('Content-Type', 'application/json').send('[1,2]').expect(400);
    expect(await rows()).toHaveLength(0);
  });

  it('answers 413 to a body over 1 MB', async () => {
    const response = await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, fullName: 'x'.repeat(1_100_000) })
      .expect(413);
    expect(response.body.success).toBe(false);
    expect(await rows()).toHaveLength(0);
  });

  it('rate limits one address with a readable 429', async () => {
    for (let i = 0; i < 5; i += 1) {
      await request(t.http).post('/api/waitlist').send({ ...valid, email: `guest${i}@example.com` }).expect(200);
    }
    const limited = await request(t.http).post('/api/waitlist').send({ ...valid, email: 'guest9@example.com' }).expect(429);
    expect(limited.body).toEqual({
      success: false,
      error: 'Too many requests from your connection. Please wait a minute and try again.',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await rows()).toHaveLength(5);
  });

  it('sends one welcome email through the outbox and the email worker, and records it as sent', async () => {
    await request(t.http).post('/api/waitlist').send(valid).expect(200);
    await t.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['ada.lovelace@example.com']);
    expect(smtp.received[0].raw).toContain('Welcome to the Inner Circle');
    const [delivery] = await t.orm.em
      .getConnection()
      .execute<Array<{ status: string; kind: string }>>('select status, kind from email_deliveries');
    expect(delivery).toMatchObject({ status: 'sent', kind: 'waitlist.welcome' });
  });

  it('survives an SMTP outage that recovers: exactly one email, failure then success recorded', async () => {
    smtp.failNext(2);
    await request(t.http).post('/api/waitlist').send(valid).expect(200);
    await t.drain();
    expect(smtp.received).toHaveLength(1);
    const [delivery] = await t.orm.em
      .getConnection()
      .execute<Array<{ status: string; attempts: number; last_error: string | null }>>(
        'select status, attempts, last_error from email_deliveries',
      );
    expect(delivery).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });

  it('records the reason when delivery fails for good', async () => {
    smtp.failNext(100);
    await request(t.http).post('/api/waitlist').send(valid).expect(200);
    await t.drain();
    expect(smtp.received).toHaveLength(0);
    const [delivery] = await t.orm.em
      .getConnection()
      .execute<Array<{ status: string; last_error: string }>>('select status, last_error from email_deliveries');
    expect(delivery.status).toBe('failed');
    expect(delivery.last_error).toMatch(/Temporary outage/);
    smtp.failNext(0);
  });
});
