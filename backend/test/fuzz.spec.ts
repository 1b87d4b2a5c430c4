import fc from 'fast-check';
import type { OpenAPIObject } from '@nestjs/swagger';
import Redis from 'ioredis';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import { basic, TEST_ADMIN } from './support/admin';
import { adminEnv, eventFields, resetWithAdmin } from './support/launch-party-fixtures';
import {
  bodyFieldsByRoute,
  documentedRoutes,
  registeredRoutes,
  type DocumentedRoute,
  type Route,
} from './support/routes';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Hostile input against every route the app registers, found from the app itself and from the
 * OpenAPI document it serves, so a route or a query parameter added later is fuzzed without
 * anyone touching this file. fast-check generates the inputs from a fixed seed (FUZZ_SEED=<number>
 * picks another, FUZZ_SEED=random a fresh one, printed).
 *
 * Each route is sent its own form first, then each body field, query parameter and header the app
 * reads spoiled in turn by the route's own caller, then random inputs from every kind of caller.
 * Asserted for every request: no 5xx; every error is JSON `{success: false, error}`. After the
 * run: the maintenance switch and the settings are as before, /api/health still answers, and the
 * api holds no more Redis connections, HTTP connections or handles than before the sweep.
 */
const SEED =
  process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED || 20261125);
/** Random inputs per route, after the route's own form and its fields, query and headers spoiled in turn. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS || 50);
const MEMBERS_PASSWORD = 'fuzz-members-password';
/**
 * The longest the check after the sweep waits for connections to be given back: a closed stream
 * gives its own back within a few round trips, one held for a client that left stays far longer.
 */
const SETTLE_MS = 5_000;

type HeaderValue = string | string[];

interface Sent {
  method: string;
  path: string;
  headers: Record<string, HeaderValue>;
  body?: Buffer;
}

interface Answer {
  status: number;
  type: string;
  text: string;
  headers: IncomingHttpHeaders;
  /** The connection closed in the middle of the answer. */
  cut?: boolean;
}

/** What a client that hung up, or a server that closed the connection unanswered, has. */
const NO_ANSWER: Answer = { status: 0, type: '', text: '', headers: {} };

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
  {
    messages: [{ role: 'user', content: 'A villa in Capri' }],
    message: 'A villa in Capri',
    threadId: '00000000-0000-4000-8000-000000000001',
  },
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
    '2026-02-30',
    '2026-04-31',
    '0000-01-01',
    '99999999999999999999',
    '1e300',
    '-1e300',
    '9007199254740991',
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
/** A query string of hostile pairs, mostly of the route's own parameters (a key may come twice). */
function hostileQueryFor(names: string[]): fc.Arbitrary<string> {
  const key = names.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...names) }, queryKey) : queryKey;
  return fc
    .array(fc.tuple(key, queryValue), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
}

/**
 * What a hostile client writes for one query parameter (already percent-encoded): impossible
 * dates, numbers past every range (the largest safe integer is valid, yet past every row and
 * frame there is), empty, bare and repeated values, and last a URL past the server's size limit.
 */
const QUERY_SPOILS: Array<(name: string) => string> = [
  ...[
    '2026-02-30',
    '0000-01-01',
    '2026-04-31',
    '99999999999999999999',
    '1e300',
    '-1e300',
    '-1',
    '9007199254740991',
    '0x10',
    '%00',
    '%ED%A0%80',
    '',
  ].map((value) => (name: string) => `${name}=${value}`),
  (name) => name,
  (name) => `${name}=1&${name}=2`,
  (name) => `${name}=2026-02-30&${name}=99999999999999999999`,
  (name) => `${name}[]=1&${name}[x]=2`,
  (name) => `${name}=${hugeText(20_000)}`,
];

// --- The headers the app reads ----------------------------------------------------------------

/** Bytes past ASCII that are not UTF-8: what a header may carry beyond ASCII. */
const NOT_UTF8 = '\u00c3\u0028\u00ff\u00fe\u0080';
const GARBAGE_BASE64 = Buffer.from([0xff, 0x00, 0x3a, 0xc3, 0x28, 0x0a]).toString('base64');
const READ_HEADERS = ['Last-Event-ID', 'Authorization', 'Cookie', 'Content-Type', 'Accept-Encoding', 'X-Forwarded-For'];

/**
 * Each header the app reads, spoiled: malformed, repeated, huge, not UTF-8; credentials that are
 * garbage or forged (the members' own session with its expiry moved, one signed by nobody); last,
 * one past the server's size limit. `memberCookie` is the members' fixture session.
 */
function headerSpoils(memberCookie: string): Array<Record<string, HeaderValue>> {
  const [cookieName, value = ''] = memberCookie.split('=');
  const [expires, id, signature] = value.split('.');
  const unsigned = `${cookieName}=${Date.now() + 86_400_000}.${id ?? 'AAAAAAAAAAAAAAAA'}.${'A'.repeat(43)}`;
  return [
    { Authorization: 'Basic !!!not*base64!!!' },
    { Authorization: `Basic ${GARBAGE_BASE64}` },
    { Authorization: 'Basic ====' },
    { Authorization: [basic(TEST_ADMIN.username, TEST_ADMIN.password), `Basic ${GARBAGE_BASE64}`] },
    { Authorization: `Bearer ${hugeText(8_000)}` },
    { Cookie: unsigned },
    { Cookie: `${cookieName}=${Number(expires) * 1000}.${id}.${signature}` },
    { Cookie: [memberCookie, unsigned] },
    { Cookie: `${cookieName}=%E0%A4%A; =; ;;; ${cookieName}=${NOT_UTF8}` },
    { 'Content-Type': 'application/json;;;=;charset' },
    { 'Content-Type': ['application/json', 'text/plain'] },
    { 'Accept-Encoding': 'gzip;q=1e300, br;q=-1, *;q=NaN' },
    { 'Accept-Encoding': ['identity;q=0, *;q=0', NOT_UTF8] },
    { 'X-Forwarded-For': '999.999.999.999, ::ffff:1.2.3.4, unknown, , ,' },
    { 'X-Forwarded-For': ['203.0.113.7', `${NOT_UTF8}, ${'1.2.3.4, '.repeat(500)}`] },
    { 'Last-Event-ID': '99999999999999999999' },
    { 'Last-Event-ID': '1e300' },
    { 'Last-Event-ID': '9007199254740991' },
    { 'Last-Event-ID': ['-1', NOT_UTF8] },
    { 'X-Forwarded-For': hugeText(20_000) },
  ];
}

/** Values for a header the OpenAPI document names (a webhook's signature). */
const DOCUMENTED_HEADER_SPOILS: HeaderValue[] = [
  '',
  't=99999999999999999999,v1=',
  ['t=1,v1=a', 't=2,v1=b'],
  NOT_UTF8,
  hugeText(8_000),
];

const latin1Char = fc
  .integer({ min: 0x20, max: 0xff })
  .filter((code) => code !== 0x7f)
  .map((code) => String.fromCharCode(code));
const headerText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e300',
    '99999999999999999999',
    '2026-02-30',
    'Basic',
    'Basic Og==',
    `Basic ${GARBAGE_BASE64}`,
    'Bearer',
    'mf_concierge=1.2.3',
    'gzip;q=2',
    'null',
    NOT_UTF8,
    hugeText(500),
  ),
  fc.string({ unit: latin1Char, maxLength: 40 }),
);
/**
 * Mostly none; else some of the headers the app reads (and those the document names), each once
 * or repeated. Small enough that a random request stays under the server's size limit, which the
 * spoils above test on their own.
 */
const hostileHeadersFor = (documented: string[]): fc.Arbitrary<Record<string, HeaderValue>> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant({}) },
    fc.dictionary(
      fc.constantFrom(...READ_HEADERS, ...documented),
      fc.oneof({ weight: 3, arbitrary: headerText }, fc.array(headerText, { minLength: 2, maxLength: 3 })),
      { minKeys: 1, maxKeys: 3 },
    ),
  );

// --- Who sends it -----------------------------------------------------------------------------

type Caller = 'anonymous' | 'admin' | 'wrong-admin' | 'member' | 'member-from-elsewhere' | 'forged-cookies';
/** Mostly the administrator: most routes refuse everyone else before reading any input. */
const anyCaller = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Caller>('admin') },
  fc.constantFrom<Caller>('anonymous', 'wrong-admin', 'member', 'member-from-elsewhere', 'forged-cookies'),
);

/** Who the document says calls the route, so its spoiled inputs get past its guard. */
function ownCaller(documented: DocumentedRoute | undefined): Caller {
  if (!documented || documented.security.includes('admin')) return 'admin';
  return documented.security.includes('concierge') ? 'member' : 'anonymous';
}

const PARAM = /:[A-Za-z0-9_]+|\{\*[^}]+\}|\*[A-Za-z0-9_]*/g;
const portOf = (url: string | undefined, otherwise: number) => Number((url && new URL(url).port) || otherwise);

/** One spoiled request of a route's sweep, beside its caller. */
interface Attempt {
  caller: Caller;
  segments: string[];
  query: string;
  payload: Payload;
  headers: Record<string, HeaderValue>;
}

interface Failure {
  route: string;
  request: string;
  problem: string;
}

/** Polls `measure` until `fits` holds or `withinMs` has passed; answers the last measure. */
async function settled<T>(measure: () => Promise<T>, fits: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await measure();
    if (fits(value) || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Failures grouped by their problem, with the routes that showed it and a few requests of each. */
function grouped(failures: Failure[]): string[] {
  const groups = new Map<string, Map<string, string[]>>();
  for (const { route, request, problem } of failures) {
    const key = problem.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>');
    const routes = groups.get(key) ?? new Map<string, string[]>();
    groups.set(key, routes);
    routes.set(route, [...(routes.get(route) ?? []), request]);
  }
  return [...groups].map(([problem, routes]) => {
    const lines = [...routes].map(([, requests]) => {
      const more = requests.length > 3 ? `\n    and ${requests.length - 3} more requests` : '';
      return `${requests.slice(0, 3).join('\n    ')}${more}`;
    });
    const shown = lines.slice(0, 12).join('\n  ');
    const rest = lines.length > 12 ? `\n  … and ${lines.length - 12} more routes` : '';
    return `${problem}\n  on ${routes.size} route(s):\n  ${shown}${rest}`;
  });
}

const short = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;

function described(request: Sent, caller: Caller, extra: Record<string, HeaderValue>): string {
  const headers = Object.entries(extra)
    .map(([name, value]) => `${name}: ${short(JSON.stringify(value), 40)}`)
    .join(', ');
  const body = request.body ? ` ${short(request.body.toString('utf8'), 100)}` : '';
  return `${request.method} ${short(request.path, 160)} as ${caller}${headers ? ` with ${headers}` : ''}${body}`;
}

describe('The fuzzer: hostile input against every registered route', () => {
  let t: TestApp;
  let port: number;
  let memberCookie: string;
  let signIns = 0;
  let sent = 0;
  let hangUps = 0;
  const failures: Failure[] = [];
  /** The fuzzer's own keep-alive connections, closed before the api's are counted. */
  const agent = new Agent({ keepAlive: true });
  /** Clients that leave once the server has their request, by their connection's local port. */
  const leaving = new Map<number, (server: Socket) => void>();

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...adminEnv,
        CONCIERGE_PASSWORD: MEMBERS_PASSWORD,
        OPENAI_API_KEY: '',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
        RATE_LIMIT_PLACES_PER_MINUTE: '100000',
        // Behind a proxy, as deployed: the app then reads X-Forwarded-For, which the sweep spoils.
        TRUST_PROXY: '1',
      },
    });
    await resetWithAdmin(t);
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    port = (t.http.address() as AddressInfo).port;
    // The moment the server has read a request is the moment its client leaves, when it means to.
    t.http.on('request', (request: { socket: Socket }) =>
      leaving.get(request.socket.remotePort ?? 0)?.(request.socket),
    );
    memberCookie = await signIn();
    process.stdout.write(`[fuzz] seed ${SEED} (FUZZ_SEED=${SEED} repeats this run)\n`);
  }, 60_000);

  afterAll(async () => {
    agent.destroy();
    await t.close();
  });

  /**
   * Sends a request and answers what came back. With `hangUp`, the connection drops as soon as the
   * server has read the request, before any answer: a server must not keep anything open for it.
   */
  function send(request: Sent, options: { hangUp?: boolean } = {}): Promise<Answer> {
    sent += 1;
    return new Promise((resolve, reject) => {
      let done = false;
      let answered = false;
      const settle = (answer: Answer) => {
        if (done) return;
        done = true;
        resolve(answer);
      };
      const call = httpRequest(
        {
          host: '127.0.0.1',
          port,
          agent,
          method: request.method,
          path: request.path,
          headers: { ...request.headers, ...(request.body ? { 'Content-Length': String(request.body.length) } : {}) },
          timeout: 30_000,
        },
        (response) => {
          answered = true;
          let cut = false;
          const answer = (text: string): Answer => ({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            text,
            headers: response.headers,
            cut,
          });
          response.on('error', () => (cut = true));
          // A stream never ends by itself: its headers are its answer, and the fuzzer closes it.
          if (answer('').type.startsWith('text/event-stream')) {
            settle(answer(''));
            call.destroy();
            return;
          }
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => settle(answer(Buffer.concat(chunks).toString('utf8'))));
          response.on('close', () => {
            cut ||= !response.complete;
            settle(answer(Buffer.concat(chunks).toString('utf8')));
          });
        },
      );
      if (options.hangUp) {
        call.on('socket', (socket: Socket) => {
          const listen = () => {
            const local = socket.localPort ?? 0;
            leaving.set(local, (server) => {
              leaving.delete(local);
              // The connection drops as the request arrives, and both ends know it at once (as
              // with a reset): how soon the server hears of it is then no matter of luck.
              server.destroy();
              call.destroy();
              settle(NO_ANSWER);
            });
            call.on('close', () => leaving.delete(local));
          };
          if (socket.connecting) socket.once('connect', listen);
          else listen();
        });
      }
      call.on('timeout', () => call.destroy(new Error(`No answer within 30 s: ${request.method} ${request.path}`)));
      // The server may answer (413, 415) and close before reading a body it refuses.
      call.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EPIPE' || error.code === 'ECONNRESET' || done ? undefined : reject(error),
      );
      call.on('close', () => (answered ? undefined : settle(NO_ANSWER)));
      call.end(request.body);
    });
  }

  /** Signs the members' fixture in, from an address of its own: the sweep exhausts the sign-in limit of the others. */
  async function signIn(): Promise<string> {
    signIns += 1;
    const answer = await send({
      method: 'POST',
      path: '/api/concierge/auth',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${signIns % 250}` },
      body: Buffer.from(JSON.stringify({ password: MEMBERS_PASSWORD })),
    });
    expect(answer.status).toBe(200);
    return String(answer.headers['set-cookie'] ?? '').split(';')[0];
  }

  /** The sweep may sign the members' fixture out (the logout route is fuzzed too): then it signs in again. */
  async function ensureMember(): Promise<void> {
    const answer = await send({ method: 'GET', path: '/api/concierge/session', headers: { Cookie: memberCookie } });
    let authenticated = false;
    try {
      authenticated = (JSON.parse(answer.text) as { data?: { authenticated?: boolean } }).data?.authenticated === true;
    } catch {
      authenticated = false;
    }
    if (!authenticated) memberCookie = await signIn();
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
    if (answer.status === 0) return 'closed the connection without an answer';
    if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
    if (answer.cut) return `answered ${answer.status}, then closed the connection in the middle of the answer`;
    if (answer.status < 400) return null;
    if (!/^application\/json/.test(answer.type)) {
      return `refused with ${answer.status} as ${answer.type || 'no content type'}, not JSON: ${JSON.stringify(answer.text.slice(0, 100))}`;
    }
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

  /**
   * Sends one request of a route's sweep and answers what is wrong with the answer, or null. An
   * event stream is then asked for again by a client that leaves before it opens.
   */
  async function attempt(
    route: Route,
    params: string[],
    input: Attempt,
  ): Promise<{ request: string; problem: string } | null> {
    let path = route.path;
    params.forEach((param, i) => (path = path.replace(param, input.segments[i])));
    // An administrator's real switch of maintenance mode is a change by design: a real true or
    // false never goes to that route with the administrator's credentials.
    const toggles =
      route.path === '/api/admin/maintenance' &&
      input.caller === 'admin' &&
      /"enabled":(true|false)/.test(input.payload.text ?? '');
    const request: Sent = {
      method: route.method,
      path: `${path}${input.query}`,
      headers: { ...credentials(input.caller), ...input.payload.headers, ...input.headers },
      body: toggles ? Buffer.from('{"enabled":"on"}') : input.payload.body,
    };
    const answer = await send(request);
    const wrong = problem(answer);
    if (!wrong && answer.type.startsWith('text/event-stream')) {
      hangUps += 1;
      await send(request, { hangUp: true });
    }
    return wrong ? { request: described(request, input.caller, input.headers), problem: wrong } : null;
  }

  /**
   * A real id for the route's first path parameter: what the POST of the path before it (its
   * collection) creates from its own form, sent by its own caller. None when there is no such route.
   */
  async function realIdFor(
    route: Route,
    known: Set<string>,
    documented: Map<string, DocumentedRoute>,
    bodyFields: Map<string, string[]>,
  ) {
    const at = route.path.search(PARAM);
    if (at < 0) return undefined;
    const collection = route.path.slice(0, at).replace(/\/$/, '');
    const key = `POST ${collection}`;
    if (!known.has(key)) return undefined;
    const answer = await send({
      method: 'POST',
      path: collection,
      headers: { ...credentials(ownCaller(documented.get(key))), 'Content-Type': 'application/json' },
      body: Buffer.from(objectText(validBodyFor(bodyFields.get(key) ?? []))),
    });
    const wrong = problem(answer);
    if (wrong) failures.push({ route: key, request: `POST ${collection} (its own form)`, problem: wrong });
    const header = answer.headers['x-message-id'];
    if (typeof header === 'string') return header;
    try {
      const id = (JSON.parse(answer.text) as { data?: { id?: unknown } }).data?.id;
      return typeof id === 'string' || typeof id === 'number' ? encodeURIComponent(String(id)) : undefined;
    } catch {
      return undefined;
    }
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

  it('answers every route, with and without credentials, with no 5xx, every error in the house shape, and nothing left open', async () => {
    const routes: Route[] = registeredRoutes(t).filter((route) => route.method !== 'HEAD');
    const known = new Set(routes.map((route) => `${route.method} ${route.path}`));
    const bodyFields = bodyFieldsByRoute(t);
    const document = JSON.parse((await send({ method: 'GET', path: '/api/openapi.json', headers: {} })).text);
    const documented = documentedRoutes(document as OpenAPIObject);
    // The bodies, query parameters and headers of the routes are known too: the fuzzer aims at each route's own.
    expect(bodyFields.get('POST /api/admin/events')).toEqual(expect.arrayContaining(['date', 'ticketPrice']));
    expect(documented.get('GET /api/admin/waitlist')?.query).toEqual(expect.arrayContaining(['signedUpFrom']));
    expect(documented.get('GET /api/chat/stream/:messageId')?.query).toEqual(expect.arrayContaining(['after']));
    // Every documented route is one the sweep sends to (the document's paths read as the app's).
    expect([...documented.keys()].filter((key) => !known.has(key))).toEqual([]);
    // The sweep must see the real routes, the ones modules add later included.
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/waitlist', 'PUT /api/admin/maintenance', 'DELETE /api/admin/events/:id']),
    );
    const before = await snapshot();
    const randomFailures: string[] = [];

    // Each route once, its own form from its own caller: what the app opens on first use (a
    // subscriber, a tracking connection) is open before the resources are counted.
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const params = route.path.match(PARAM) ?? [];
      const fields = bodyFields.get(key) ?? [];
      const caller = ownCaller(documented.get(key));
      if (caller === 'member') await ensureMember();
      const input: Attempt = {
        caller,
        segments: params.map(() => '1'),
        query: '',
        payload: fields.length ? json(objectText(validBodyFor(fields))) : new Payload({}),
        headers: {},
      };
      const wrong = await attempt(route, params, input);
      if (wrong) failures.push({ route: key, ...wrong });
    }
    const resources = await resourceCounter();
    agent.destroy();
    const start = await settled(resources.held, (now) => now.httpConnections === 0, SETTLE_MS);

    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const params = route.path.match(PARAM) ?? [];
      const fields = bodyFields.get(key) ?? [];
      const own = documented.get(key);
      const caller = ownCaller(own);
      await ensureMember();
      const realId = params.length ? await realIdFor(route, known, documented, bodyFields) : undefined;
      const segments = params.map((_, i) => (i === 0 && realId) || '1');
      const valid = validBodyFor(fields);
      const form = fields.length ? json(objectText(valid)) : new Payload({});
      const example = (changes: Partial<Attempt>): Attempt => ({
        caller,
        segments,
        query: '',
        payload: form,
        headers: {},
        ...changes,
      });
      // Before the random inputs, each input the route reads spoiled in turn, one at a time.
      const examples: Attempt[] = [
        ...fields.flatMap((field) =>
          FIELD_SPOILS.map((value) => example({ payload: json(spoiled(valid, field, value)) })),
        ),
        ...(own?.query ?? []).flatMap((name) => QUERY_SPOILS.map((spoil) => example({ query: `?${spoil(name)}` }))),
        ...headerSpoils(memberCookie).map((headers) => example({ headers })),
        ...(own?.headers ?? []).flatMap((name) =>
          DOCUMENTED_HEADER_SPOILS.map((value) => example({ headers: { [name]: value } })),
        ),
      ];
      for (const input of examples) {
        const wrong = await attempt(route, params, input);
        if (wrong) failures.push({ route: key, ...wrong });
      }

      const segment = realId ? fc.oneof({ weight: 2, arbitrary: hostileSegment }, fc.constant(realId)) : hostileSegment;
      await fc
        .assert(
          fc.asyncProperty(
            anyCaller,
            fc.array(segment, { minLength: params.length, maxLength: params.length }),
            hostileQueryFor(own?.query ?? []),
            hostileBody(fields),
            hostileHeadersFor(own?.headers ?? []),
            async (who, pieces, query, payload, headers) => {
              const wrong = await attempt(route, params, { caller: who, segments: pieces, query, payload, headers });
              if (wrong) throw new Error(`${wrong.request}: ${wrong.problem}`);
            },
          ),
          { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true, includeErrorInReport: true },
        )
        .catch((error: Error) => {
          // fast-check's report: the seed and path that replay it, the input, and our message.
          const report = error.message.split('\n').filter((line) => /seed|Counterexample|Got error/.test(line));
          randomFailures.push(`${key} (random input)\n  ${report.join('\n  ').slice(0, 2000)}`);
        });
    }

    // Every stream the fuzzer opened it has closed, and every client has gone: the api must give
    // back what it held for them.
    agent.destroy();
    const end = await settled(resources.held, (now) => resources.within(now, start), SETTLE_MS);
    const leaks = resources.within(end, start)
      ? []
      : [
          `holds more after the sweep than before it: ${JSON.stringify(end)} against ${JSON.stringify(start)}; ` +
            `its Redis connections now (last command, idle seconds): ${await resources.redisDetail()}`,
        ];
    await resources.close();

    process.stdout.write(
      `[fuzz] ${sent} requests (${hangUps} of them dropped before the answer) to ${routes.length} routes\n`,
    );
    const report = [...grouped(failures), ...randomFailures, ...leaks];
    if (report.length) process.stdout.write(`[fuzz] found:\n${report.join('\n\n')}\n`);
    expect(report).toEqual([]);
    expect(await snapshot()).toEqual(before);
    const health = await send({ method: 'GET', path: '/api/health', headers: {} });
    expect(health.status).toBe(200);
  }, 300_000);

  /**
   * What the api holds: its Redis connections as Redis lists them (CLIENT LIST, matched to this
   * process's sockets, for other runs share the server) and as this process sees them (a proxy in
   * front of Redis hides the first), its HTTP server's connections, and its active handles but the
   * database pool's sockets (the pool keeps idle connections on a clock of its own).
   */
  async function resourceCounter() {
    const redisPort = portOf(process.env.REDIS_URL, 6379);
    const databasePort = portOf(process.env.DATABASE_URL, 5432);
    const probe = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    const probeId = String(await probe.client('ID'));
    const handles = () => (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
    const sockets = () => handles().filter((handle): handle is Socket => handle instanceof Socket);
    const ours = async () => {
      const local = new Set(
        sockets()
          .filter((s) => s.remotePort === redisPort)
          .map((s) => s.localPort),
      );
      const list = String(await probe.client('LIST')).split('\n');
      return list.filter(
        (line) => /\bid=(\d+)/.exec(line)?.[1] !== probeId && local.has(Number(/\baddr=\S*:(\d+)\s/.exec(line)?.[1])),
      );
    };
    type Held = { redisClients: number; redisSockets: number; httpConnections: number; handles: number };
    // Connections are counted exactly; another handle may be one the app's own work holds a moment.
    const SLACK: Held = { redisClients: 0, redisSockets: 0, httpConnections: 0, handles: 1 };
    const held = async (): Promise<Held> => ({
      redisClients: (await ours()).length,
      // The probe's own connection is not the api's.
      redisSockets: sockets().filter((s) => s.remotePort === redisPort).length - 1,
      httpConnections: await new Promise<number>((resolve, reject) =>
        t.http.getConnections((error: Error | null, count: number) => (error ? reject(error) : resolve(count))),
      ),
      handles: handles().filter((h) => !(h instanceof Socket && h.remotePort === databasePort)).length,
    });
    return {
      held,
      within: (now: Held, start: Held) =>
        (Object.keys(start) as Array<keyof Held>).every((key) => now[key] <= start[key] + SLACK[key]),
      redisDetail: async () =>
        (await ours()).map((line) => `${/\bcmd=(\S+)/.exec(line)?.[1]} ${/\bidle=(\d+)/.exec(line)?.[1]}`).join(', '),
      close: () => probe.quit().then(() => undefined),
    };
  }
});
