import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app';
import { startSmtpSink } from './support/smtp-sink';
import { asAdmin } from './support/admin';
import { admin, createEvent, createInvitation, readable } from './support/launch-party-fixtures';
import { normaliseEmail } from '../src/common/email-address';
import { WaitlistRetention, WaitlistService } from '../src/modules/waitlist';

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
  const count = async (table: 'email_deliveries' | 'outbox_messages' | 'consent_ledger', where = 'true') => {
    const [{ n }] = await t.orm.em
      .getConnection()
      .execute<Array<{ n: number }>>(`select count(*)::int as n from ${table} where ${where}`);
    return n;
  };
  const welcomeJobs = () => count('outbox_messages', `job_name = 'waitlist.welcome'`);
  /** Ledger rows about this test's entries (the ledger is append-only: a reset leaves its rows). */
  const ledgerOfEntries = `subject_id in (select id from waitlist_entries)`;

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
    expect(await welcomeJobs()).toBe(1);
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
      expect(await welcomeJobs()).toBe(25);
      // Each sign-up's ref is news for the nominations module, and its consent two ledger rows.
      expect(await count('outbox_messages', `job_name = 'waitlist.signed-up-with-ref'`)).toBe(25);
      expect(await count('consent_ledger', ledgerOfEntries)).toBe(50);
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

  describe('double opt-in and clean addresses (issue 31)', () => {
    const db = () => t.orm.em.getConnection();
    const entry = async (email: string) =>
      (
        await db().execute<Array<Record<string, unknown>>>(
          `select * from waitlist_entries where email_normalised = ?`,
          [normaliseEmail(email)],
        )
      )[0];
    const ledger = () =>
      db().execute<Array<Record<string, unknown>>>(
        `select subject_key, subject_type, subject_id, purpose, action, wording_version, wording_hash, source
           from consent_ledger where ${ledgerOfEntries} order by id`,
      );
    /** The confirmation link of the one welcome email received, and its token. */
    const confirmationLink = () => {
      expect(smtp.received).toHaveLength(1);
      const text = readable(smtp.received[0].raw);
      const link = /http:\/\/localhost:3000\/waitlist\/confirm\/([A-Za-z0-9_-]+)/.exec(text);
      expect(link).not.toBeNull();
      return { url: link![0], token: link![1] };
    };

    it('refuses an address of a disposable-mail service with a clear 400, and stores nothing', async () => {
      const response = await request(t.http)
        .post('/api/waitlist')
        .send({ ...valid, email: 'someone@mailinator.com' })
        .expect(400);
      expect(response.body).toEqual({
        success: false,
        error: 'Please use a permanent email address: we do not accept addresses from disposable-mail services.',
        code: 'DISPOSABLE_EMAIL_REFUSED',
        fields: {
          email: 'Please use a permanent email address: we do not accept addresses from disposable-mail services.',
        },
      });
      // A subdomain of one is refused too.
      await request(t.http)
        .post('/api/waitlist')
        .send({ ...valid, email: 'someone@eu.mailinator.com' })
        .expect(400);
      expect(await rows()).toHaveLength(0);
      expect(await count('consent_ledger', ledgerOfEntries)).toBe(0);
    });

    it('keeps one entry per mailbox: a normalised duplicate answers as the spec does and adds no row', async () => {
      await request(t.http)
        .post('/api/waitlist')
        .send({ ...valid, email: 'Ada.Lovelace+Club@Gmail.com' })
        .expect(200, { success: true });
      for (const email of ['a.d.a.lovelace+news@googlemail.com', ' ADALOVELACE@GMAIL.COM ']) {
        await request(t.http)
          .post('/api/waitlist')
          .send({ ...valid, email, utmSource: 'instagram' })
          .expect(200, { success: true });
      }
      const all = await rows();
      expect(all).toHaveLength(1);
      // The address as typed (trimmed, lower-cased) is kept for sending; the compare form beside it.
      expect(all[0]).toMatchObject({
        email: 'ada.lovelace+club@gmail.com',
        email_normalised: 'adalovelace@gmail.com',
        utm_source: 'newsletter',
      });
      await t.drain();
      expect(smtp.received.map((mail) => mail.to)).toEqual([['ada.lovelace+club@gmail.com']]);
      // Elsewhere dots and tags are part of the address: two people.
      await request(t.http)
        .post('/api/waitlist')
        .send({ ...valid, email: 'ada.lovelace+club@example.com' })
        .expect(200);
      await request(t.http)
        .post('/api/waitlist')
        .send({ ...valid, email: 'adalovelace@example.com' })
        .expect(200);
      expect(await rows()).toHaveLength(3);
    });

    it('gives rows written by SQL without the compare form the same form the app computes', async () => {
      const addresses = [
        'Jane.Doe+news@GoogleMail.com',
        'jo-hn-x@yahoo.com',
        'pat+a@outlook.com',
        'a.b+c@example.com',
        '+tag@gmail.com',
        'weird@domain.com.',
      ];
      for (const email of addresses) {
        await db().execute(`insert into waitlist_entries (id, email, consent) values (gen_random_uuid(), ?, true)`, [
          email.toLowerCase(),
        ]);
      }
      const stored = await db().execute<Array<{ email: string; email_normalised: string }>>(
        `select email, email_normalised from waitlist_entries order by email`,
      );
      expect(stored.map((row) => [row.email, row.email_normalised]).sort()).toEqual(
        addresses.map((email) => [email.toLowerCase(), normaliseEmail(email)]).sort(),
      );
    });

    it('writes the consent ledger’s rows with the sign-up: updates and event invitations, no personal data', async () => {
      await request(t.http).post('/api/waitlist').send(valid).expect(200);
      const added = await entry(valid.email);
      const rowsWritten = await ledger();
      expect(rowsWritten).toHaveLength(2);
      expect(rowsWritten.map((row) => row.purpose)).toEqual(['updates', 'event-invitations']);
      for (const row of rowsWritten) {
        expect(row).toMatchObject({
          subject_type: 'waitlist',
          subject_id: added.id,
          action: 'granted',
          wording_version: 'waitlist-form-v1',
          source: 'form',
        });
        expect(row.subject_key).toMatch(/^[0-9a-f]{64}$/);
        expect(row.wording_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(JSON.stringify(row)).not.toMatch(/lovelace|example\.com/i);
      }
      // The client's address is kept only as a keyed hash.
      expect(added.client_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(added)).not.toContain('127.0.0.1');
    });

    it('confirms through the email’s link: the page’s GET changes nothing, the POST confirms once', async () => {
      await request(t.http).post('/api/waitlist').send(valid).expect(200);
      await t.drain();
      const { url, token } = confirmationLink();
      const mail = readable(smtp.received[0].raw);
      expect(mail).toContain('Confirm your place');
      // Not strictly transactional: the welcome email can be left (RFC 8058 headers).
      expect(smtp.received[0].raw).toMatch(
        /^List-Unsubscribe:\s+<http:\/\/localhost:3000\/api\/privacy\/unsubscribe\?token=/m,
      );
      expect(smtp.received[0].raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(await entry(valid.email)).toMatchObject({ confirmed_at: null });

      // A mail scanner that follows the link (GET, here at the api, which serves no such route)
      // confirms nothing: only the page's button posts.
      await request(t.http).get(new URL(url).pathname);
      await request(t.http).get(`/api/waitlist/confirm/${token}`);
      expect(await entry(valid.email)).toMatchObject({ confirmed_at: null });

      const first = await request(t.http).post('/api/waitlist/confirm').send({ token }).expect(200);
      expect(first.body).toEqual({ success: true, data: { newlyConfirmed: true } });
      const confirmed = await entry(valid.email);
      expect(confirmed.confirmed_at).not.toBeNull();
      const again = await request(t.http).post('/api/waitlist/confirm').send({ token }).expect(200);
      expect(again.body).toEqual({ success: true, data: { newlyConfirmed: false } });
      expect((await entry(valid.email)).confirmed_at).toEqual(confirmed.confirmed_at);

      const rowsWritten = await ledger();
      expect(rowsWritten.map((row) => [row.purpose, row.action, row.source])).toEqual([
        ['updates', 'granted', 'form'],
        ['event-invitations', 'granted', 'form'],
        ['updates', 'confirmed', 'email-link'],
        ['event-invitations', 'confirmed', 'email-link'],
      ]);
      expect(new Set(rowsWritten.map((row) => row.subject_key)).size).toBe(1);
      // The token is stored nowhere, only its hash.
      expect(JSON.stringify(await rows())).not.toContain(token);
    });

    it('sends the confirmation link again to a repeat sign-up not yet confirmed, once a day, never once confirmed', async () => {
      await request(t.http).post('/api/waitlist').send(valid).expect(200);
      await t.drain();
      const { token } = confirmationLink();
      // Just signed up: the welcome email may still be on its way, so a quick repeat sends nothing.
      await request(t.http).post('/api/waitlist').send(valid).expect(200, { success: true });
      await t.drain();
      expect(smtp.received).toHaveLength(1);

      await db().execute(`update waitlist_entries set created_at = now() - interval '3 days'`);
      await request(t.http)
        .post('/api/waitlist')
        .send({ ...valid, email: 'ADA.LOVELACE@example.com ' })
        .expect(200, { success: true });
      await t.drain();
      expect(smtp.received).toHaveLength(2);
      const again = readable(smtp.received[1].raw);
      expect(again).toContain(`/waitlist/confirm/${token}`);
      expect(again).toContain('needs only your confirmation');
      // Strictly transactional: no unsubscribe.
      expect(smtp.received[1].raw).not.toMatch(/^List-Unsubscribe/m);
      // Once a day.
      await request(t.http).post('/api/waitlist').send(valid).expect(200);
      await t.drain();
      expect(smtp.received).toHaveLength(2);
      expect(await rows()).toHaveLength(1);

      // Confirmed: never again.
      await request(t.http).post('/api/waitlist/confirm').send({ token }).expect(200);
      await db().execute(`delete from email_deliveries where kind = 'waitlist.confirm-again'`);
      await request(t.http).post('/api/waitlist').send(valid).expect(200);
      await t.drain();
      expect(smtp.received).toHaveLength(2);
    });

    it.each([
      [{ token: 'A'.repeat(43) }, 404, 'CONFIRMATION_LINK_INVALID'],
      [{ token: 'not a token!' }, 404, 'CONFIRMATION_LINK_INVALID'],
      [{ token: 42 }, 404, 'CONFIRMATION_LINK_INVALID'],
      [{ token: '' }, 400, 'VALIDATION_FAILED'],
      [{}, 400, 'VALIDATION_FAILED'],
    ])('answers a confirmation with %j kindly: %i %s', async (body, status, code) => {
      const response = await request(t.http).post('/api/waitlist/confirm').send(body).expect(status);
      expect(response.body).toMatchObject({ success: false, code });
      expect(response.body.error).toMatch(/confirmation link/);
    });

    it('deletes unconfirmed sign-ups past their days, with their email record, and keeps the rest', async () => {
      const emails = {
        stale: 'stale@example.com',
        recent: 'recent@example.com',
        confirmedLongAgo: 'confirmed@example.com',
        invited: 'invited@example.com',
        member: 'member@example.com',
      };
      // (The rate limit here is 5 sign-ups a minute: the confirmed one is written by SQL.)
      for (const email of [emails.stale, emails.recent, emails.invited, emails.member]) {
        await request(t.http)
          .post('/api/waitlist')
          .send({ ...valid, email, ref: undefined })
          .expect(200);
      }
      await db().execute(
        `insert into waitlist_entries (id, email, consent, created_at, confirmed_at)
         values (gen_random_uuid(), ?, true, now() - interval '40 days', now() - interval '39 days')`,
        [emails.confirmedLongAgo],
      );
      await t.drain();
      await db().execute(`update waitlist_entries set created_at = now() - interval '31 days' where email <> ?`, [
        emails.recent,
      ]);
      // Something attached: an invitation to the address, a member who came from the entry.
      await asAdmin(t);
      const event = await createEvent(t);
      await createInvitation(t, event.id, { recipientEmail: 'Invited@Example.com' });
      const member = await entry(emails.member);
      await admin(t)
        .post('/members/offers', { tier: 'nomad', entryIds: [member.id] })
        .expect(200, { offered: 1, skipped: [] });
      await t.drain();
      const stale = await entry(emails.stale);
      // Its link sent again once (a repeat sign-up): that record goes with it too.
      await request(t.http)
        .post('/api/waitlist')
        .send({ ...valid, email: emails.stale, ref: undefined })
        .expect(200);
      await t.drain();
      expect(await count('email_deliveries', `key like 'waitlist.confirm-again:${stale.id}:%'`)).toBe(1);
      const ledgerOfStale = `subject_id = '${stale.id}'`;
      expect(await count('consent_ledger', ledgerOfStale)).toBe(2);

      expect(await t.app.get(WaitlistRetention).deleteUnconfirmed()).toBe(1);
      expect((await rows()).map((row) => row.email).sort()).toEqual(
        [emails.recent, emails.confirmedLongAgo, emails.invited, emails.member].sort(),
      );
      expect(await count('email_deliveries', `key like 'waitlist.%:${stale.id}%'`)).toBe(0);
      expect(await count('email_deliveries', `kind = 'waitlist.welcome'`)).toBe(3);
      // The ledger keeps its rows (no personal data in them); a second run finds nothing more.
      expect(await count('consent_ledger', ledgerOfStale)).toBe(2);
      expect(await t.app.get(WaitlistRetention).deleteUnconfirmed()).toBe(0);

      // Its link now says so kindly.
      const response = await request(t.http)
        .post('/api/waitlist/confirm')
        .send({ token: t.app.get(WaitlistService).confirmationToken(stale.id as string) })
        .expect(404);
      expect(response.body.code).toBe('CONFIRMATION_LINK_INVALID');
    });

    it('records nominations, counts sign-ups from one client, and the admin list filters and sorts by both', async () => {
      const waitlist = t.app.get(WaitlistService);
      const auth = await asAdmin(t);
      for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
        await request(t.http)
          .post('/api/waitlist')
          .send({ ...valid, email })
          .expect(200);
      }
      const [one, two, three] = await Promise.all(
        ['one@example.com', 'two@example.com', 'three@example.com'].map(entry),
      );
      // Same client (this test's address), within the hour: itself and those before it.
      expect(await waitlist.signUpsFromClient(three.id as string, 60)).toBe(3);
      expect(await waitlist.signUpsFromClient(one.id as string, 60)).toBe(1);
      expect(await waitlist.signUpsFromClient('00000000-0000-4000-8000-000000000000', 60)).toBe(0);

      const [sponsor] = await db().execute<Array<{ id: string }>>(
        `insert into members (id, name, email, tier) values (gen_random_uuid(), 'Odile Sponsor', 'odile@example.com', 'patron') returning id`,
      );
      expect(await waitlist.markNomination(one.id as string, sponsor.id, 'credited')).toBe(true);
      expect(
        await waitlist.markNomination(two.id as string, sponsor.id, 'suspect', ['many sign-ups from one client']),
      ).toBe(true);
      expect(await waitlist.markNomination('00000000-0000-4000-8000-000000000000', sponsor.id, 'credited')).toBe(false);
      expect((await waitlist.nominatedBy(sponsor.id)).map((e) => [e.email, e.status, e.reasons])).toEqual([
        ['two@example.com', 'suspect', ['many sign-ups from one client']],
        ['one@example.com', 'credited', []],
      ]);
      await request(t.http)
        .post('/api/waitlist/confirm')
        .send({ token: waitlist.confirmationToken(one.id as string) })
        .expect(200);

      const list = async (query: string) =>
        (await request(t.http).get(`/api/admin/waitlist${query}`).set('Authorization', auth).expect(200)).body;
      expect((await list('?confirmed=confirmed')).data.map((e: { email: string }) => e.email)).toEqual([
        'one@example.com',
      ]);
      expect((await list('?confirmed=unconfirmed')).data.map((e: { email: string }) => e.email)).toEqual([
        'three@example.com',
        'two@example.com',
      ]);
      const nominated = await list(`?nominatedBy=${sponsor.id}`);
      expect(nominated.total).toBe(2);
      expect(nominated.data[0]).toMatchObject({
        email: 'two@example.com',
        confirmedAt: null,
        nominatedBy: {
          memberId: sponsor.id,
          memberName: 'Odile Sponsor',
          status: 'suspect',
          reasons: ['many sign-ups from one client'],
        },
      });
      expect(nominated.data[1]).toMatchObject({ email: 'one@example.com', confirmedAt: expect.any(String) });
      expect((await list('?sort=nominatedBy')).data.map((e: { email: string }) => e.email)).toEqual([
        'two@example.com',
        'one@example.com',
        'three@example.com',
      ]);
      expect((await list('')).data[0]).toMatchObject({
        email: 'three@example.com',
        nominatedBy: null,
        confirmedAt: null,
      });
      const filters = await request(t.http).get('/api/admin/waitlist/filters').set('Authorization', auth).expect(200);
      expect(filters.body.data.nominators).toEqual([{ id: sponsor.id, name: 'Odile Sponsor' }]);
      for (const [query, message] of [
        ['?confirmed=maybe', 'Confirmed must be confirmed or unconfirmed'],
        ['?nominatedBy=odile', 'Nominated by must be a member’s id'],
        ['?sort=-nominatedBy', expect.stringContaining('Sort must be one of')],
      ]) {
        const refused = await request(t.http).get(`/api/admin/waitlist${query}`).set('Authorization', auth).expect(400);
        expect(refused.body).toMatchObject({ success: false, error: message });
      }
    });
  });
});
