import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basic, TEST_ADMIN } from './support/admin';
import { adminEnv, eventFields, resetWithAdmin } from './support/launch-party-fixtures';
import { bodyFieldsByRoute, registeredRoutes, type Route } from './support/routes';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Hostile input against every route the app registers, found from the app itself, so a route
 * added later is fuzzed without anyone touching this file. fast-check generates the inputs from
 * a fixed seed (FUZZ_SEED=<number> picks another, FUZZ_SEED=random a fresh one, printed).
 *
 * Asserted for every request: no 5xx; every error is JSON `{success: false, error}`. After the
 * run: the maintenance switch and the settings are as before, and /api/health still answers.
 */
const SEED =
  process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED || 20261125);
/**
 * Random inputs per route, after the route's own form with each field spoiled in turn: about
 * 4,500 requests in all.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS || 50);
const MEMBERS_PASSWORD = 'fuzz-members-password';

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

interface Answer {
  status: number;
  type: string;
  text: string;
}

// --- What a hostile client sends --------------------------------------------------------------

const LONE_SURROGATE = '\ud800';
const hugeText = (size: number) => 'x'.repeat(size);

/** Values that have broken servers: wrong types, extremes, encodings, control characters. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1e308,
    -1e308,
    2 ** 53 + 1,
    0.1,
    '',
    ' ',
    '0x10',
    '1e308',
    'NaN',
    'Infinity',
    '-1',
    '99999999999999999999',
    `a${LONE_SURROGATE}b`,
    `${LONE_SURROGATE}@example.com`,
    'nul\u0000byte',
    '\u202egnp.exe',
    '<script>alert(1)</script>',
    "'; drop table events; --",
    '../../../../etc/passwd',
    '0000-01-01',
    '9999-12-31T23:59:59Z',
    '25:61',
    [],
    {},
    [null],
    { __proto__: { admin: true } },
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.constantFrom(hugeText(5_000), hugeText(100_000)),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 5 }),
);

/** Field names the app reads somewhere, prototype keys, and nonsense. */
const fieldName = fc.oneof(
  fc.constantFrom(
    'email',
    'name',
    'message',
    'status',
    'eventId',
    'amount',
    'password',
    'enabled',
    'date',
    'ticketPrice',
    'capacity',
    'guestCount',
    'guestNames',
    'categories',
    'location',
    'events',
    'messages',
    'conversationHistory',
    'sessionId',
    'clientSecret',
    'cardNumber',
    'paymentIntentId',
    'recipientEmail',
    'onboardingStep',
    'consent',
    'termsAccepted',
    '__proto__',
    'constructor',
    'prototype',
  ),
  fc.string({ maxLength: 12 }),
);

/** JSON text of key and value pairs, whose keys may be __proto__ (JSON.stringify of an object would drop it). */
const objectText = (pairs: Array<[string, unknown]>) =>
  `{${pairs.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;

const hostileObject = fc.array(fc.tuple(fieldName, hostileValue), { maxLength: 8 }).map(objectText);

/**
 * Bodies the app's forms send, whole and valid: the fuzzer spoils one to three fields of one, so
 * the hostile value gets past the checks of the others (a year-0 date only broke an event that
 * was otherwise right).
 */
const VALID_BODIES: Array<Record<string, unknown>> = [
  { ...eventFields, ticketPrice: 250 },
  { eventId: 1, recipientName: 'Grace Kelly', recipientEmail: 'grace@example.com', maxGuests: 2, specialNotes: 'x' },
  { status: 'attending', guestCount: 1, guestNames: ['Cary Grant'], dietaryRestrictions: 'None' },
  {
    email: 'grace@example.com',
    fullName: 'Grace Kelly',
    phoneNumber: '+377 93 15 48 52',
    consent: true,
    bot_check: '',
  },
  {
    name: 'Atelier Riviera',
    contactName: 'Claire Dubois',
    email: 'claire@example.com',
    phone: '+33 1 43 16 30 30',
    website: 'https://example.com',
    description: 'A private atelier for bespoke evening wear on the Riviera.',
    categories: ['shopping'],
    address: '15 Place Vendôme',
    city: 'Paris',
    state: 'IDF',
    zipCode: '75001',
    location: { lat: 48.8681, lng: 2.329 },
    termsAccepted: true,
  },
  { name: 'Ritz Paris', category: 'hotels', subcategory: 'luxury-hotels', status: 'active', onboardingStep: 3 },
  { message: 'A table for two in Monaco', conversationHistory: [{ role: 'user', content: 'Hello' }], sessionId: 's-1' },
  { messages: [{ role: 'user', content: 'A villa in Capri' }], threadId: 't-1' },
  { amount: 250, paymentIntentId: 'pi_test_x', paymentMethodType: 'card' },
  { clientSecret: 'pi_test_x_secret_y', cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
  { events: [{ name: 'page_view', path: '/', visitorId: 'v-1' }] },
  { status: 'approved', adminNotes: 'Approved by admin' },
];

/** Values that break a form field: empty, out of range, the wrong type, badly encoded, enormous. */
const FIELD_SPOILS: unknown[] = [
  null,
  '',
  '0000-01-01',
  '0x10',
  -1,
  1e308,
  true,
  [],
  {},
  `${LONE_SURROGATE}@example.com`,
  'a\u0000b',
  hugeText(10_001),
];
const fieldSpoil: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      ...FIELD_SPOILS,
      ' ',
      '1899-12-31',
      '+010000-01-01',
      '2026-02-30',
      '24:00',
      '1e2',
      'Infinity',
      0,
      1.005,
      2 ** 31,
      [[[[]]]],
    ),
  },
  { weight: 1, arbitrary: hostileValue },
);

/**
 * The body the route's own form would send, whole and valid: the known body sharing the most
 * fields with the route's DTO, filled in from the others. Spoiling one field of it gets the
 * hostile value past the checks of all the others (a year-0 date broke only an event that was
 * otherwise right).
 */
function validBodyFor(fields: string[]): Array<[string, unknown]> {
  const overlap = (body: Record<string, unknown>) => fields.filter((field) => field in body).length;
  const closest = [...VALID_BODIES].sort((a, b) => overlap(b) - overlap(a))[0];
  return fields
    .map((field): [string, unknown] => [
      field,
      field in closest ? closest[field] : VALID_BODIES.find((body) => field in body)?.[field],
    ])
    .filter(([, value]) => value !== undefined);
}

const spoiled = (valid: Array<[string, unknown]>, field: string, value: unknown) =>
  objectText([...valid.filter(([key]) => key !== field), [field, value]]);

/** The route's valid body with one to three fields spoiled. */
function spoiledBodyFor(fields: string[]): fc.Arbitrary<string> {
  const valid = validBodyFor(fields);
  return fc.array(fc.tuple(fc.constantFrom(...fields), fieldSpoil), { minLength: 1, maxLength: 3 }).map((spoils) => {
    const pairs = new Map(valid);
    for (const [field, value] of spoils) pairs.set(field, value);
    return objectText([...pairs]);
  });
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** A body and the headers that describe it, printed short in fast-check's reports. */
class Payload {
  constructor(
    readonly headers: Record<string, string>,
    readonly text?: string,
  ) {}

  get body(): Buffer | undefined {
    return this.text === undefined ? undefined : Buffer.from(this.text);
  }

  [fc.toStringMethod](): string {
    if (this.text === undefined) return `${JSON.stringify(this.headers)} and no body`;
    const shown = this.text.length > 100 ? `${this.text.slice(0, 100)}… (${this.text.length} characters)` : this.text;
    return `${JSON.stringify(this.headers)} ${JSON.stringify(shown)}`;
  }
}

/** Any hostile body; with the route's body fields, mostly that route's own form, spoiled. */
const hostileBody = (fields: string[]): fc.Arbitrary<Payload> =>
  fc.oneof(
    ...(fields.length ? [{ weight: 6, arbitrary: spoiledBodyFor(fields).map(json) }] : []),
    { weight: 3, arbitrary: hostileObject.map(json) },
    fc.jsonValue({ maxDepth: 4 }).map((value) => json(JSON.stringify(value))),
    fc.constantFrom(33, 5_000, 100_000).map((depth) => json(`{"a":${nested(depth)}}`)),
    fc
      .constantFrom('{"a":', '{a:1}', "{'a':1}", '', 'null', '"x"', '1e999', '[1,]', '\u0000', '{"a":1}{"b":2}')
      .map(json),
    fc
      .constantFrom<Record<string, string>>(
        { 'Content-Type': 'text/plain', text: 'email=a@b.c' },
        { 'Content-Type': 'application/x-www-form-urlencoded', text: 'email=a%40b.c&__proto__[admin]=1&a=%00' },
        { 'Content-Type': 'application/xml', text: '<?xml version="1.0"?><a>&lt;</a>' },
        {
          'Content-Type': 'multipart/form-data; boundary=x',
          text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
        },
        { 'Content-Type': 'application/json; charset=utf-16', text: '{"a":1}' },
        { 'Content-Type': 'application/json; charset=x-klingon', text: '{"a":1}' },
        { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', text: '{"a":1}' },
        { 'Content-Type': 'application/json', 'Content-Encoding': 'deflate', text: '{}' },
        { 'Content-Type': 'application/json', 'Content-Encoding': 'br, gzip', text: '{}' },
        { 'Content-Type': 'application/json', 'Content-Encoding': 'x-unknown', text: '{}' },
        { 'Content-Type': 'application/json', text: `{"email":"${hugeText(1_100_000)}"}` },
      )
      .map(({ text, ...headers }) => new Payload(headers, text)),
    fc.constant(new Payload({})),
  );

function json(text: string): Payload {
  return new Payload({ 'Content-Type': 'application/json' }, text);
}

/** A path parameter as a hostile client writes it in the URL (already percent-encoded). */
const hostileSegment = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1',
    '2147483648',
    '99999999999999999999',
    '1e308',
    '0x10',
    'abc',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    '%00',
    '%ED%A0%80',
    '%E2%80%AE',
    '%',
    '%25',
    '%C0%AF',
    '..%2F..%2Fetc%2Fpasswd',
    '%27%3B%20drop%20table%20events%3B--',
    '00000000-0000-4000-8000-000000000000',
    'x'.repeat(5_000),
  ),
  fc.uuid().map(String),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

const queryKey = fc.oneof(
  fc.constantFrom(
    'page',
    'pageSize',
    'q',
    'sort',
    'sessionId',
    'input',
    'types',
    'radius',
    'location',
    'token',
    '__proto__',
  ),
  fc.string({ minLength: 1, maxLength: 8 }).map(encodeURIComponent),
);
const queryValue = fc.oneof(
  fc.constantFrom(
    '100000000000000000',
    '1e308',
    '-1',
    '0',
    '0x10',
    '%00',
    '%ED%A0%80',
    '%',
    '',
    'NaN',
    'x'.repeat(3_000),
    '95%2C10',
    'abc',
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const hostileQuery = fc
  .array(fc.tuple(queryKey, queryValue), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

// --- Who sends it -----------------------------------------------------------------------------

type Caller = 'anonymous' | 'admin' | 'wrong-admin' | 'member' | 'member-from-elsewhere' | 'forged-cookies';
/** Mostly the administrator: most routes refuse everyone else before reading any input. */
const anyCaller = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Caller>('admin') },
  fc.constantFrom<Caller>('anonymous', 'wrong-admin', 'member', 'member-from-elsewhere', 'forged-cookies'),
);

describe('The fuzzer: hostile input against every registered route', () => {
  let t: TestApp;
  let port: number;
  let memberCookie: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...adminEnv,
        CONCIERGE_PASSWORD: MEMBERS_PASSWORD,
        OPENAI_API_KEY: '',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
        RATE_LIMIT_PLACES_PER_MINUTE: '100000',
      },
    });
    await resetWithAdmin(t);
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    port = (t.http.address() as AddressInfo).port;
    const signIn = await send({
      method: 'POST',
      path: '/api/concierge/auth',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.from(JSON.stringify({ password: MEMBERS_PASSWORD })),
    });
    expect(signIn.status).toBe(200);
    memberCookie = signIn.cookie.split(';')[0];
    process.stdout.write(`[fuzz] seed ${SEED} (FUZZ_SEED=${SEED} repeats this run)\n`);
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  function send(request: Sent): Promise<Answer & { cookie: string }> {
    return new Promise((resolve, reject) => {
      const call = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: request.method,
          path: request.path,
          headers: { ...request.headers, ...(request.body ? { 'Content-Length': String(request.body.length) } : {}) },
          timeout: 30_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          // A live stream (the session's updates) never ends by itself: its first frame is its answer.
          if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
            response.once('data', (chunk: Buffer) => {
              resolve({
                status: response.statusCode ?? 0,
                type: String(response.headers['content-type']),
                text: chunk.toString('utf8'),
                cookie: String(response.headers['set-cookie'] ?? ''),
              });
              call.destroy();
            });
            return;
          }
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              type: String(response.headers['content-type'] ?? ''),
              text: Buffer.concat(chunks).toString('utf8'),
              cookie: String(response.headers['set-cookie'] ?? ''),
            }),
          );
          response.on('error', reject);
        },
      );
      call.on('timeout', () => call.destroy(new Error(`No answer within 30 s: ${request.method} ${request.path}`)));
      // The server may answer (413, 415) and close before reading a body it refuses.
      call.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
      );
      call.end(request.body);
    });
  }

  function credentials(caller: Caller): Record<string, string> {
    switch (caller) {
      case 'admin':
        return { Authorization: basic(TEST_ADMIN.username, TEST_ADMIN.password) };
      case 'wrong-admin':
        return { Authorization: `Basic ${Buffer.from(`adm\u0000in:${LONE_SURROGATE}`).toString('base64')}` };
      case 'member':
        return { Cookie: memberCookie, 'Sec-Fetch-Site': 'same-origin' };
      case 'member-from-elsewhere':
        return { Cookie: memberCookie, Origin: 'https://evil.example' };
      case 'forged-cookies':
        return { Cookie: 'mf_concierge=1.2.3; mf_admin_device=v1.YWRtaW4.1.x; x=%00%ED%A0%80' };
      default:
        return {};
    }
  }

  /** What is wrong with an answer, or null when it is acceptable. */
  function problem(answer: Answer): string | null {
    if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
    if (answer.status < 400) return null;
    if (!/^application\/json/.test(answer.type)) return `refused as ${answer.type || 'no content type'}, not JSON`;
    let body: { success?: unknown; error?: unknown };
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `refused with a body that is not JSON: ${answer.text.slice(0, 200)}`;
    }
    if (body.success !== false || typeof body.error !== 'string' || body.error.trim() === '') {
      return `refused without {success: false, error}: ${answer.text.slice(0, 200)}`;
    }
    return null;
  }

  const snapshot = async () => {
    const rows = (sql: string) => t.orm.em.getConnection().execute(sql);
    const get = async (path: string) => (await send({ method: 'GET', path, headers: {} })).text;
    return {
      settings: await rows('select key, value from site_settings order by key'),
      admins: await rows('select username, password_hash from admins order by username'),
      publicConfig: await get('/api/config/public'),
      status: await get('/api/status'),
    };
  };

  it('answers every route, with and without credentials, with no 5xx and every error in the house shape', async () => {
    const routes: Route[] = registeredRoutes(t).filter((route) => route.method !== 'HEAD');
    const bodyFields = bodyFieldsByRoute(t);
    // The bodies of the routes are known too: the fuzzer aims at each route's own fields.
    expect(bodyFields.get('POST /api/admin/events')).toEqual(expect.arrayContaining(['date', 'ticketPrice']));
    // The sweep must see the real routes, the ones modules add later included.
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/waitlist', 'PUT /api/admin/maintenance', 'DELETE /api/admin/events/:id']),
    );
    const before = await snapshot();
    const failures: string[] = [];
    let sent = 0;

    for (const route of routes) {
      const params = route.path.match(/:[A-Za-z0-9_]+|\{\*[^}]+\}|\*[A-Za-z0-9_]*/g) ?? [];
      const fields = bodyFields.get(`${route.method} ${route.path}`) ?? [];
      // Before the random inputs, every field of the route's form spoiled in turn, one at a time.
      const valid = validBodyFor(fields);
      const examples = fields.flatMap((field) =>
        FIELD_SPOILS.map((value): [Caller, string[], string, Payload] => [
          'admin',
          params.map(() => '1'),
          '',
          json(spoiled(valid, field, value)),
        ]),
      );
      await fc
        .assert(
          fc.asyncProperty(
            anyCaller,
            fc.array(hostileSegment, { minLength: params.length, maxLength: params.length }),
            hostileQuery,
            hostileBody(fields),
            async (caller, segments, query, payload) => {
              let path = route.path;
              params.forEach((param, i) => (path = path.replace(param, segments[i])));
              // An administrator's real switch of maintenance mode is a change by design: a real
              // true or false never goes to that route with the administrator's credentials.
              const toggles =
                route.path === '/api/admin/maintenance' &&
                caller === 'admin' &&
                /"enabled":(true|false)/.test(payload.text ?? '');
              const request: Sent = {
                method: route.method,
                path: `${path}${query}`,
                headers: { ...credentials(caller), ...payload.headers },
                body: toggles ? Buffer.from('{"enabled":"on"}') : payload.body,
              };
              sent += 1;
              const wrong = problem(await send(request));
              if (wrong) throw new Error(`${request.method} ${request.path.slice(0, 200)} as ${caller}: ${wrong}`);
            },
          ),
          {
            seed: SEED,
            numRuns: examples.length + RUNS_PER_ROUTE,
            examples,
            endOnFailure: true,
            includeErrorInReport: true,
          },
        )
        .catch((error: Error) => {
          // fast-check's report: the seed and path that replay it, the input, and our message.
          const report = error.message.split('\n').filter((line) => /seed|Counterexample|Got error/.test(line));
          failures.push(`${route.method} ${route.path}\n  ${report.join('\n  ').slice(0, 2000)}`);
        });
    }

    process.stdout.write(`[fuzz] ${sent} requests to ${routes.length} routes\n`);
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
    const health = await send({ method: 'GET', path: '/api/health', headers: {} });
    expect(health.status).toBe(200);
  }, 240_000);
});
