import { request as httpRequest } from 'node:http';
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
    t.orm.em
      .getConnection()
      .execute<Array<Record<string, unknown>>>('select * from waitlist_entries order by created_at');
  const count = async (table: 'email_deliveries' | 'outbox_messages') => {
    const [{ n }] = await t.orm.em
      .getConnection()
      .execute<Array<{ n: number }>>(`select count(*)::int as n from ${table}`);
    return n;
  };

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
    await t.drain();
    expect(await count('email_deliveries')).toBe(1);
    expect(await count('outbox_messages')).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  it('writes a burst of sign-ups arriving together: one row and one email each, a repeated email once', async () => {
    const burst = await createTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' } });
    try {
      const emails = Array.from({ length: 24 }, (_, i) => `guest${i}@example.com`);
      const bodies = [
        ...emails.map((email) => ({ ...valid, email })),
        ...['a', 'b', 'c'].map((utmSource) => ({ ...valid, email: 'twice@example.com', utmSource })),
      ];
      const answers = await Promise.all(bodies.map((body) => request(burst.http).post('/api/waitlist').send(body)));
      expect(answers.map((answer) => [answer.status, answer.body])).toEqual(bodies.map(() => [200, { success: true }]));
      const all = await rows();
      expect(all.map((row) => row.email).sort()).toEqual([...emails, 'twice@example.com'].sort());
      expect(['a', 'b', 'c']).toContain(all.find((row) => row.email === 'twice@example.com')?.utm_source);
      expect(await count('email_deliveries')).toBe(25);
      expect(await count('outbox_messages')).toBe(25);
      // Written together: the rows of one statement share its transaction's start time.
      const [{ transactions }] = await t.orm.em
        .getConnection()
        .execute<Array<{ transactions: number }>>(
          'select count(distinct created_at)::int as transactions from waitlist_entries',
        );
      expect(transactions).toBeLessThan(25);
      await t.drain();
      expect(smtp.received).toHaveLength(25);
    } finally {
      await burst.close();
    }
  });

  it('accepts a filled honeypot silently and stores nothing, sending no email', async () => {
    await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, bot_check: 'http://spam' })
      .expect(200, { success: true });
    await t.drain();
    expect(await rows()).toHaveLength(0);
    expect(await count('email_deliveries')).toBe(0);
    expect(await count('outbox_messages')).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it.each([
    [{ email: '' }, 'Email is required'],
    [{ email: undefined }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    // The same addresses the form refuses (frontend waitlist-form.test.tsx): one rule on both sides.
    [{ email: 'a@b.c' }, 'Please enter a valid email address'],
    [{ email: 'ada@localhost' }, 'Please enter a valid email address'],
    [{ email: 'ada@exa_mple.com' }, 'Please enter a valid email address'],
    [{ email: 'ada lovelace@example.com' }, 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(65)}@example.com` }, 'Please enter a valid email address'],
    [{ email: 42 }, 'Please enter a valid email address'],
    [{ consent: false }, 'You must agree to receive updates'],
    [{ consent: undefined }, 'You must agree to receive updates'],
    [{ consent: 'yes' }, 'You must agree to receive updates'],
    [{ fullName: 'A'.repeat(201) }, 'Full name is too long'],
    [{ fullName: 7 }, 'Full name must be text'],
    [{ phoneNumber: '5'.repeat(41) }, 'Phone number is too long'],
    [{ phoneNumber: ['+1'] }, 'Phone number must be text'],
    [{ bot_check: 5 }, 'Invalid form submission'],
    [{ utmCampaign: { id: 1 } }, 'utmCampaign must be text'],
    [{ ref: 'r'.repeat(201) }, 'ref must be 200 characters or fewer'],
    [{ source: 'landing'.repeat(8) }, 'source must be 50 characters or fewer'],
  ])('refuses %j with "%s"', async (change, message) => {
    const response = await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, ...change })
      .expect(400);
    expect(response.body).toMatchObject({ success: false, error: message });
    expect(await rows()).toHaveLength(0);
  });

  it('reports every field in error, the first one as the message, and ignores unknown properties', async () => {
    const response = await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, email: 'nope', phoneNumber: 12, consent: false, isAdmin: true })
      .expect(400);
    expect(response.body).toEqual({
      success: false,
      error: 'Please enter a valid email address',
      code: 'VALIDATION_FAILED',
      fields: {
        email: 'Please enter a valid email address',
        phoneNumber: 'Phone number must be text',
        consent: 'You must agree to receive updates',
      },
    });
    await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, isAdmin: true, netWorth: 5 })
      .expect(200);
    const [row] = await rows();
    expect(row).toMatchObject({ email: 'ada.lovelace@example.com', net_worth: null });
  });

  it('accepts the addresses the form accepts', async () => {
    for (const email of [
      'ada@b.co',
      'ada+club@mail.example.museum',
      '"ada lovelace"@example.com',
      'ÉLÈVE@example.fr',
    ]) {
      await request(t.http)
        .post('/api/waitlist')
        .send({ ...valid, email })
        .expect(200);
    }
    expect((await rows()).map((row) => row.email)).toEqual([
      'ada@b.co',
      'ada+club@mail.example.museum',
      '"ada lovelace"@example.com',
      'élève@example.fr',
    ]);
  });

  it('answers 400 to malformed JSON and to wrong types', async () => {
    const malformed = await request(t.http)
      .post('/api/waitlist')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.co", ')
      .expect(400);
    expect(malformed.body).toEqual({
      success: false,
      error: 'Malformed JSON in request body.',
      code: 'MALFORMED_JSON',
    });
    await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, fullName: { nested: true } })
      .expect(400);
    await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, timestamp: 'yesterday' })
      .expect(400);
    const array = await request(t.http)
      .post('/api/waitlist')
      .set('Content-Type', 'application/json')
      .send('[1,2]')
      .expect(400);
    expect(array.body).toEqual({
      success: false,
      error: 'Email is required',
      code: 'VALIDATION_FAILED',
      fields: { email: 'Email is required', consent: 'You must agree to receive updates' },
    });
    expect(await rows()).toHaveLength(0);
  });

  it.each([
    '2024-W01',
    '2024-123',
    '20240601',
    '0000-01-01',
    '2024-02-30T10:00:00Z',
    '1999-12-31T23:59:59Z',
    '2999-01-01T00:00:00Z',
  ])('refuses the timestamp %s, which is not a real sign-up time, with a 400', async (timestamp) => {
    const response = await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, timestamp })
      .expect(400);
    expect(response.body).toEqual({
      success: false,
      error: 'timestamp must be a real date and time between 2000 and now, e.g. 2026-01-31T12:00:00.000Z',
      code: 'VALIDATION_FAILED',
      fields: {
        timestamp: 'timestamp must be a real date and time between 2000 and now, e.g. 2026-01-31T12:00:00.000Z',
      },
    });
    expect(await rows()).toHaveLength(0);
  });

  it('accepts a date-only timestamp and one with an offset', async () => {
    await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, timestamp: '2026-01-31' })
      .expect(200);
    await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, email: 'grace@example.com', timestamp: '2026-01-31T12:00:00+02:00' })
      .expect(200);
    const stored = (await rows()).map((row) => new Date(row.submitted_at as string).toISOString());
    expect(stored).toEqual(['2026-01-31T00:00:00.000Z', '2026-01-31T10:00:00.000Z']);
  });

  it.each(['email', 'fullName', 'phoneNumber', 'utmSource', 'ref', 'bot_check'])(
    'refuses a NUL character in %s with a readable 400',
    async (field) => {
      const value = field === 'email' ? 'ada\u0000@example.com' : 'Ada\u0000Lovelace';
      const response = await request(t.http)
        .post('/api/waitlist')
        .send({ ...valid, [field]: value })
        .expect(400);
      expect(response.body).toEqual({
        success: false,
        error: 'Text may not contain the NUL character (\\u0000). Please remove it and try again.',
        code: 'BAD_REQUEST',
      });
      expect(await rows()).toHaveLength(0);
    },
  );

  it('answers 413 to a body over 1 MB', async () => {
    const response = await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, fullName: 'x'.repeat(1_100_000) })
      .expect(413);
    expect(response.body.success).toBe(false);
    expect(await rows()).toHaveLength(0);
  });

  it.each(['text/plain', 'application/octet-stream', 'multipart/form-data; boundary=x', 'application/xml'])(
    'answers 413 as JSON to a %s body over 1 MB',
    async (type) => {
      const response = await request(t.http)
        .post('/api/waitlist')
        .set('Content-Type', type)
        .send(Buffer.alloc(1_100_000, 'x'))
        .expect(413);
      expect(response.body).toEqual({
        success: false,
        error: 'Request body is too large (1 MB at most).',
        code: 'PAYLOAD_TOO_LARGE',
      });
    },
  );

  it('answers 413 to a streamed body of unknown length once it passes 1 MB', async () => {
    const { status, body } = await streamChunked('/api/waitlist', 'text/plain', 20, 64 * 1024);
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({
      success: false,
      error: 'Request body is too large (1 MB at most).',
      code: 'PAYLOAD_TOO_LARGE',
    });
    // A small streamed body is read and let go: the handler sees no sign-up and says what is missing.
    const small = await streamChunked('/api/waitlist', 'text/plain', 2, 1024);
    expect(small.status).toBe(400);
    expect(JSON.parse(small.body)).toMatchObject({ success: false, error: 'Email is required' });
  });

  /** Sends `count` chunks of `size` bytes with Transfer-Encoding: chunked (no Content-Length). */
  async function streamChunked(path: string, type: string, count: number, size: number) {
    const server = t.http as import('node:http').Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as import('node:net').AddressInfo;
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          headers: { 'Content-Type': type, 'Transfer-Encoding': 'chunked' },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      // The server may answer and close before every chunk is sent.
      req.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
      );
      for (let i = 0; i < count; i += 1) req.write(Buffer.alloc(size, 'x'));
      req.end();
    });
  }

  it('rate limits one address with a readable 429', async () => {
    for (let i = 0; i < 5; i += 1) {
      await request(t.http)
        .post('/api/waitlist')
        .send({ ...valid, email: `guest${i}@example.com` })
        .expect(200);
    }
    const limited = await request(t.http)
      .post('/api/waitlist')
      .send({ ...valid, email: 'guest9@example.com' })
      .expect(429);
    expect(limited.body).toEqual({
      success: false,
      error: 'Too many requests from your connection. Please wait a minute and try again.',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await rows()).toHaveLength(5);
  });

  it('holds the rate limit across two api processes sharing Redis', async () => {
    const second = await createTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: '5' } });
    try {
      const apis = [t.http, second.http];
      for (let i = 0; i < 5; i += 1) {
        await request(apis[i % 2])
          .post('/api/waitlist')
          .send({ ...valid, email: `guest${i}@example.com` })
          .expect(200);
      }
      for (const api of apis) {
        const limited = await request(api)
          .post('/api/waitlist')
          .send({ ...valid, email: 'guest9@example.com' })
          .expect(429);
        expect(limited.body.error).toBe('Too many requests from your connection. Please wait a minute and try again.');
      }
      expect(await rows()).toHaveLength(5);
    } finally {
      await second.close();
    }
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
