import request from 'supertest';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { asAdmin, basic, TEST_ADMIN } from './support/admin';
import { createEvent, eventFields } from './support/launch-party-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The defects a hostile probe found (issue 15, part 2): each input below once answered 500 or a
 * false 503. Every one must now answer a readable 4xx in the house shape.
 */
const MEMBERS_PASSWORD = 'velvet-rope-2026';

describe('Hostile input answers a readable 4xx, never a 5xx', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
        CONCIERGE_PASSWORD: MEMBERS_PASSWORD,
        APP_URL: 'https://club.example.com',
        OPENAI_API_KEY: '',
      },
    });
  });
  beforeEach(async () => {
    await t.reset();
    admin = await asAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const refused = (response: request.Response, status = 400) => {
    expect(response.status).toBe(status);
    expect(response.body).toEqual(expect.objectContaining({ success: false, error: expect.any(String) }));
    return response.body.error as string;
  };

  describe('deeply nested JSON', () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

    it.each(['/api/chat', '/api/waitlist', '/api/vendor-applications', '/api/concierge/auth', '/api/analytics/events'])(
      'refuses 20,000 levels on %s with 400 before any validation runs',
      async (path) => {
        const response = await request(t.http)
          .post(path)
          .set('Content-Type', 'application/json')
          .send(`{"message":${nested(20_000)}}`);
        expect(refused(response)).toBe('The request body is nested too deeply (32 levels at most).');
      },
    );

    it('refuses an 800 KB body of nesting at once and keeps answering others meanwhile', async () => {
      const body = `{"a":${nested(400_000)}}`;
      expect(body.length).toBeGreaterThan(800_000);
      const [deep, health] = await Promise.all([
        request(t.http).post('/api/chat').set('Content-Type', 'application/json').send(body),
        request(t.http).get('/api/health'),
      ]);
      refused(deep);
      expect(health.status).toBe(200);
    });

    it('still takes a body nested 32 levels deep (and validates it as usual)', async () => {
      let value = '"deep"';
      for (let i = 0; i < 31; i += 1) value = `{"a":${value}}`;
      const response = await request(t.http)
        .post('/api/admin/events')
        .set('Authorization', admin)
        .set('Content-Type', 'application/json')
        .send(`{"name":${value}}`);
      expect(refused(response)).toBe('Name is required');
    });

    it('ignores brackets inside strings when counting', async () => {
      const response = await request(t.http)
        .post('/api/admin/events')
        .set('Authorization', admin)
        .send({ ...eventFields, description: `${'['.repeat(100)} "\\" ${'{'.repeat(100)}` })
        .expect(201);
      expect(response.body.data.description).toContain('[[[');
    });
  });

  describe('bodies the parser cannot read', () => {
    it.each([
      ['gzip', '{}'],
      ['deflate', '{}'],
      ['br', '{}'],
    ])('answers a body labelled %s that is not with 400', async (encoding, body) => {
      const response = await request(t.http)
        .post('/api/waitlist')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send(body);
      expect(refused(response)).toBe('The request body could not be read.');
    });

    it('answers an encoding it does not know with 415', async () => {
      const response = await request(t.http)
        .post('/api/waitlist')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'x-unknown')
        .send('{}');
      expect(refused(response, 415)).toBe(
        'This content encoding or character set is not supported. Please send JSON in UTF-8.',
      );
    });

    it('answers an unknown charset with 415', async () => {
      const response = await request(t.http)
        .post('/api/waitlist')
        .set('Content-Type', 'application/json; charset=x-klingon')
        .send('{}');
      refused(response, 415);
    });

    it('still reads a real gzip body', async () => {
      // superagent would serialise a Buffer as JSON: the compressed bytes go out through node:http.
      if (!t.http.listening) await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
      const { port } = t.http.address() as AddressInfo;
      const body = gzipSync(JSON.stringify({ email: 'grace@example.com', consent: true }));
      const status = await new Promise<number>((resolve, reject) => {
        const call = httpRequest(
          {
            port,
            host: '127.0.0.1',
            method: 'POST',
            path: '/api/waitlist',
            headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': body.length },
          },
          (response) => response.resume().on('end', () => resolve(response.statusCode ?? 0)),
        );
        call.on('error', reject);
        call.end(body);
      });
      expect(status).toBe(200);
      expect(await t.orm.em.getConnection().execute('select email from waitlist_entries')).toEqual([
        { email: 'grace@example.com' },
      ]);
    });
  });

  describe('lone surrogates', () => {
    const email = '\ud800@example.com';
    it.each([
      ['/api/waitlist', () => ({ email, consent: true })],
      ['/api/vendor-applications', () => ({ email, name: 'Atelier' })],
      ['/api/admin/invitations', () => ({ eventId: 1, recipientName: 'Grace', recipientEmail: email })],
      ['/api/admin/vendors', () => ({ name: 'Atelier', category: 'hotels', contactEmail: email })],
    ])('refuses one in an email on %s with 400', async (path, body) => {
      const response = await request(t.http)
        .post(path)
        .set('Authorization', admin)
        .set('Content-Type', 'application/json')
        // JSON.stringify writes the lone surrogate as the escape \ud800, as an attacker would.
        .send(JSON.stringify(body()));
      expect(refused(response)).toBe(
        'Text may not contain an unpaired surrogate character (\\ud800 to \\udfff). Please remove it and try again.',
      );
    });

    it('keeps a proper pair (an emoji) intact', async () => {
      const response = await request(t.http)
        .post('/api/admin/events')
        .set('Authorization', admin)
        .send({ ...eventFields, name: 'Soirée 🥂' })
        .expect(201);
      expect(response.body.data.name).toBe('Soirée 🥂');
    });
  });

  describe('page numbers', () => {
    const lists = [
      '/api/admin/waitlist',
      '/api/admin/vendors',
      '/api/admin/vendor-applications',
      '/api/admin/events',
      '/api/admin/invitations',
      '/api/admin/rsvps',
      '/api/admin/payments',
      '/api/admin/events/{event}/invitations',
      '/api/admin/events/{event}/rsvps',
      '/api/admin/events/{event}/payments',
    ];

    it.each([
      ['page=100000000000000000', 'Page must be a whole number from 1 to 1,000,000'],
      ['page=1e308', 'Page must be a whole number from 1 to 1,000,000'],
      ['page=0x10', 'Page must be a whole number from 1 to 1,000,000'],
      ['page=-1', 'Page must be a whole number from 1 to 1,000,000'],
      ['page=1&page=2', 'Page must be a whole number from 1 to 1,000,000'],
      ['pageSize=1e3', 'Page size must be a whole number from 1 to 500'],
      ['pageSize=501', 'Page size must be a whole number from 1 to 500'],
      ['pageSize=0', 'Page size must be a whole number from 1 to 500'],
    ])('refuses %s on every admin list with "%s"', async (query, message) => {
      const event = await createEvent(t);
      for (const list of lists) {
        const response = await request(t.http)
          .get(`${list.replace('{event}', String(event.id))}?${query}`)
          .set('Authorization', admin);
        expect([list, refused(response)]).toEqual([list, message]);
      }
    });

    it('answers the last possible page as an empty page', async () => {
      const response = await request(t.http)
        .get('/api/admin/events?page=1000000&pageSize=500')
        .set('Authorization', admin)
        .expect(200);
      expect(response.body).toEqual({ data: [], total: 0 });
    });
  });

  describe('event dates and numbers', () => {
    it.each([
      ['0000-01-01', 'Date must be between the years 1900 and 9999'],
      ['1899-12-31', 'Date must be between the years 1900 and 9999'],
      ['+10000-01-01', 'Date must be a valid date (YYYY-MM-DD)'],
    ])('refuses the date %s with "%s"', async (date, message) => {
      const response = await request(t.http)
        .post('/api/admin/events')
        .set('Authorization', admin)
        .send({ ...eventFields, date });
      expect(refused(response)).toBe(message);
    });

    it.each([
      [{ ticketPrice: '0x10' }, 'Ticket price must be non-negative'],
      [{ ticketPrice: '1e2' }, 'Ticket price must be non-negative'],
      [{ ticketPrice: 'Infinity' }, 'Ticket price must be non-negative'],
      [{ capacity: '0x10' }, 'Capacity must be at least 1'],
      [{ capacity: '1e2' }, 'Capacity must be at least 1'],
    ])('takes numbers only as numbers or decimal text: refuses %j', async (change, message) => {
      const response = await request(t.http)
        .post('/api/admin/events')
        .set('Authorization', admin)
        .send({ ...eventFields, ...change });
      expect(refused(response)).toBe(message);
    });

    it('still takes the decimal text a form sends', async () => {
      const response = await request(t.http)
        .post('/api/admin/events')
        .set('Authorization', admin)
        .send({ ...eventFields, ticketPrice: '249.99', capacity: '40' })
        .expect(201);
      expect(response.body.data).toMatchObject({ ticketPrice: 249.99, capacity: 40 });
    });

    it('refuses a maximum guest count in hex', async () => {
      const event = await createEvent(t);
      const response = await request(t.http)
        .post('/api/admin/invitations')
        .set('Authorization', admin)
        .send({ eventId: event.id, recipientName: 'Grace', recipientEmail: 'grace@example.com', maxGuests: '0x2' });
      expect(refused(response)).toBe('Maximum guests must be at least 1');
    });
  });

  describe('lists nested in lists', () => {
    it.each([
      ['/api/analytics/events', '{"events":[[]]}', 'Each event must be an object'],
      [
        '/api/chat',
        '{"message":"hi","conversationHistory":[[]]}',
        'Each message in the conversation must be an object',
      ],
      [
        '/api/chat',
        '{"message":"hi","conversationHistory":[[{"role":"user","content":"x"}]]}',
        'Each message in the conversation must be an object',
      ],
    ])('refuses %s %s with "%s" (the fuzzer found them answering 500)', async (path, body, message) => {
      const response = await request(t.http).post(path).set('Content-Type', 'application/json').send(body);
      expect(refused(response)).toBe(message);
    });
  });

  describe('null where it means nothing', () => {
    it.each([
      [{ status: null }, 'Status must be pending, active or inactive'],
      [{ onboardingStep: null }, 'Onboarding step must be 1, 2 or 3'],
      [{ name: null }, 'Vendor name is required'],
      [{ category: null }, 'Category is required'],
      [{ location: 'Paris' }, 'Location must have a latitude and a longitude'],
    ])('refuses PATCH %j on a vendor with "%s"', async (change, message) => {
      const created = await request(t.http)
        .post('/api/admin/vendors')
        .set('Authorization', admin)
        .send({ name: 'Atelier', category: 'hotels', notes: 'Keep' })
        .expect(201);
      const response = await request(t.http)
        .patch(`/api/admin/vendors/${created.body.data.id}`)
        .set('Authorization', admin)
        .send(change);
      expect(refused(response)).toBe(message);
    });

    it('clears an optional vendor field sent as null', async () => {
      const created = await request(t.http)
        .post('/api/admin/vendors')
        .set('Authorization', admin)
        .send({ name: 'Atelier', category: 'hotels', notes: 'Keep', location: { lat: 1, lng: 2 } })
        .expect(201);
      const response = await request(t.http)
        .patch(`/api/admin/vendors/${created.body.data.id}`)
        .set('Authorization', admin)
        .send({ notes: null, location: null })
        .expect(200);
      expect(response.body.data).toMatchObject({ notes: null, lat: null, lng: null });
    });
  });

  describe('NUL characters outside the body', () => {
    it('answers a NUL in the Basic username with 401, not a false outage', async () => {
      const response = await request(t.http)
        .get('/api/admin/auth')
        .set('Authorization', `Basic ${Buffer.from('zz\0:x').toString('base64')}`);
      expect(refused(response, 401)).toBe('Invalid credentials');
    });

    it('answers a NUL in a cookie with 400', async () => {
      const response = await request(t.http).post('/api/chat/title').set('Cookie', 'mf_concierge=a%00b').send({});
      refused(response);
    });

    it('reads a statement the database refuses as an error of ours, not as an outage', async () => {
      const { isDatabaseUnavailable } = await import('../src/platform/database/database-unavailable');
      const error = await t.orm.em
        .getConnection()
        .execute('select ?::text', ['a\0b'])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(false);
    });
  });

  describe('messages people read', () => {
    it.each([
      [{ description: 42 }, 'Description must be text'],
      [{ city: ['Paris'] }, 'City must be text'],
      [{ website: 'x'.repeat(301) }, 'Website is too long (300 characters at most)'],
      [{ location: { lat: 'north', lng: 2 } }, 'Latitude must be a number'],
    ])('answers vendor %j in plain words: "%s"', async (change, message) => {
      const response = await request(t.http)
        .post('/api/admin/vendors')
        .set('Authorization', admin)
        .send({ name: 'Atelier', category: 'hotels', ...change });
      expect(refused(response)).toBe(message);
    });
  });

  describe('writes a cookie or kept credentials authorise', () => {
    const session = async () => {
      const signIn = await request(t.http).post('/api/concierge/auth').send({ password: MEMBERS_PASSWORD }).expect(200);
      return String(signIn.headers['set-cookie']).split(';')[0];
    };
    const signedIn = async (cookie: string) =>
      (await request(t.http).get('/api/concierge/session').set('Cookie', cookie).expect(200)).body.data.authenticated;

    it.each([
      ['another origin', { Origin: 'https://evil.example' }],
      ['an opaque origin', { Origin: 'null' }],
      ['a cross-site fetch', { 'Sec-Fetch-Site': 'cross-site' }],
      ['a sibling subdomain', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://shop.club.example.com' }],
    ])('refuses a member signing out from %s with 403, and the session stays', async (_label, headers) => {
      const cookie = await session();
      const response = await request(t.http)
        .post('/api/concierge/logout')
        .set('Cookie', cookie)
        .set(headers)
        .set('Content-Type', 'text/plain')
        .send('x');
      expect(refused(response, 403)).toBe(
        'Changes can only be made from this site. Please reload the page and try again.',
      );
      expect(await signedIn(cookie)).toBe(true);
    });

    it.each(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x'])(
      'takes only JSON from our own pages: refuses %s with 415',
      async (type) => {
        const cookie = await session();
        const response = await request(t.http)
          .post('/api/chat/title')
          .set('Cookie', cookie)
          .set('Origin', 'https://club.example.com')
          .set('Content-Type', type)
          .send('message=hi');
        expect(refused(response, 415)).toBe('Please send this request as JSON (Content-Type: application/json).');
      },
    );

    it('lets our own pages through, by Sec-Fetch-Site or by Origin', async () => {
      const cookie = await session();
      await request(t.http)
        .post('/api/chat/title')
        .set('Cookie', cookie)
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ message: 'A table for two in Monaco' })
        .expect(200);
      await request(t.http)
        .post('/api/concierge/logout')
        .set('Cookie', cookie)
        .set('Origin', 'https://club.example.com')
        .expect(200);
      expect(await signedIn(cookie)).toBe(false);
    });

    it('refuses a foreign page using the credentials a browser keeps for the queue board', async () => {
      const response = await request(t.http)
        .put('/admin/queues/api/queues/email/pause')
        .set('Authorization', admin)
        .set('Sec-Fetch-Site', 'cross-site');
      refused(response, 403);
      expect(await t.queue('email').isPaused()).toBe(false);
    });
  });

  describe('the queue dashboard', () => {
    it('refuses without credentials in JSON, and still asks a browser to sign in', async () => {
      const response = await request(t.http).get('/admin/queues');
      expect(refused(response, 401)).toBe('Invalid credentials');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
    });

    it('answers a blocked sign-in with a JSON 429', async () => {
      for (let i = 0; i < 10; i += 1) {
        await request(t.http)
          .get('/admin/queues')
          .set('Authorization', basic('admin', `guess-${i}`))
          .expect(401);
      }
      const response = await request(t.http).get('/admin/queues').set('Authorization', basic('admin', 'guess-x'));
      expect(refused(response, 429)).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    });
  });
});
