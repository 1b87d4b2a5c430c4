import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MemberSessionsService } from '../src/modules/members';
import { asStaff } from './support/admin';
import { readable } from './support/launch-party-fixtures';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

const PASSWORD = 'house-password-for-nominations';
const MINE = '/api/members/me/nominations';

/** Issue 31, section 4: members nominate (links, letters); sign-ups are credited or suspect, never ranked. */
describe('Nominations', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let events: string;
  let concierge: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      worker: true,
      env: {
        SMTP_URL: smtp.url,
        CONCIERGE_PASSWORD: PASSWORD,
        // Each sign-up names its client (X-Forwarded-For), as a proxy in front of the app would.
        TRUST_PROXY: '1',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
        NOMINATION_CLIENT_LIMIT: '3',
        NOMINATION_CLIENT_WINDOW_MINUTES: '60',
      },
    });
  });
  beforeEach(async () => {
    await t.reset();
    smtp.received.length = 0;
    events = await asStaff(t, { username: 'eve', password: 'eve-password-1234', role: 'events' });
    concierge = await asStaff(t, { username: 'sophie', password: 'sophie-password-123', role: 'concierge' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const sql = <T extends object>(query: string, params: unknown[] = []) =>
    t.orm.em.getConnection().execute<T[]>(query, params);

  /** An active member signed in on one device. */
  async function member(name: string, email = `${randomUUID()}@example.com`) {
    const id = randomUUID();
    await sql(
      `insert into members (id, name, email, tier, status, joined_at) values (?, ?, ?, 'patron', 'active', now())`,
      [id, name, email],
    );
    const session = await t.app.get(MemberSessionsService).issue(t.orm.em.fork(), id, 'Mozilla/5.0 Chrome/131');
    return { id, email, cookie: `mf_member=${session.token}` };
  }

  const as = (cookie: string) => ({
    get: (path: string) => request(t.http).get(path).set('Cookie', cookie),
    post: (path: string, body?: object) => request(t.http).post(path).set('Cookie', cookie).send(body),
    delete: (path: string) => request(t.http).delete(path).set('Cookie', cookie),
  });

  /** A sign-up on the landing page through a link with `ref`, from one client address. */
  async function signUp(email: string, ref: string, client = '203.0.113.10') {
    await request(t.http)
      .post('/api/waitlist')
      .set('X-Forwarded-For', client)
      .send({
        email,
        fullName: email.split('@')[0],
        consent: true,
        bot_check: '',
        timestamp: new Date().toISOString(),
        source: 'landing',
        utmSource: 'nomination',
        utmMedium: 'member',
        ref,
      })
      .expect(200, { success: true });
  }

  const entryOf = async (email: string) => {
    const [row] = await sql<{
      id: string;
      nominated_by_member_id: string | null;
      nomination_status: string | null;
      nomination_reasons: string[] | null;
    }>(
      `select id, nominated_by_member_id, nomination_status, nomination_reasons from waitlist_entries where email = ?`,
      [email],
    );
    return row;
  };
  const confirm = (email: string) => sql(`update waitlist_entries set confirmed_at = now() where email = ?`, [email]);
  const staffView = (memberId: string, auth = events) =>
    request(t.http).get(`/api/admin/members/${memberId}/nominations`).set('Authorization', auth);

  it('gives a member a personal link on first visit, more on request (five at most), and retires one', async () => {
    const grace = await member('Grace Kelly');
    const me = as(grace.cookie);
    const first = (await me.get(MINE).expect(200)).body.data;
    expect(first).toMatchObject({ sent: [], throughLinks: 0 });
    expect(first.links).toHaveLength(1);
    const [link] = first.links as Array<{ code: string; url: string }>;
    // 128 random bits, base64url.
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.url).toMatch(
      new RegExp(`/\\?ref=${link.code}&utm_source=nomination&utm_medium=member$`.replace(/-/g, '\\-')),
    );
    // A second visit keeps the same link.
    expect((await me.get(MINE)).body.data.links).toEqual(first.links);

    for (let i = 0; i < 4; i += 1) await me.post(`${MINE}/links`).expect(201);
    const full = await me.post(`${MINE}/links`).expect(409);
    expect(full.body).toMatchObject({ success: false, code: 'NOMINATION_LINKS_FULL' });

    await me.delete(`${MINE}/links/${link.code}`).expect(200, { success: true });
    await me.delete(`${MINE}/links/${link.code}`).expect(404);
    await me.delete(`${MINE}/links/not a code`).expect(404);
    const after = (await me.get(MINE)).body.data.links as Array<{ code: string }>;
    expect(after).toHaveLength(4);
    expect(after.map((l) => l.code)).not.toContain(link.code);

    // Another member can neither see nor retire Grace's links.
    const cary = await member('Cary Grant');
    await as(cary.cookie).delete(`${MINE}/links/${after[0].code}`).expect(404);
    expect((await as(cary.cookie).get(MINE)).body.data.links.map((l: { code: string }) => l.code)).not.toContain(
      after[0].code,
    );
  });

  it('credits a sign-up through a member’s link, tells the member once it is confirmed, and shows staff', async () => {
    const grace = await member('Grace Kelly');
    const [link] = (await as(grace.cookie).get(MINE)).body.data.links;
    await signUp('audrey@example.org', link.code);
    await t.drain();

    expect(await entryOf('audrey@example.org')).toMatchObject({
      nominated_by_member_id: grace.id,
      nomination_status: 'credited',
      nomination_reasons: [],
    });
    // Unconfirmed: not told to the member yet.
    expect((await as(grace.cookie).get(MINE)).body.data.throughLinks).toBe(0);
    await confirm('audrey@example.org');
    expect((await as(grace.cookie).get(MINE)).body.data.throughLinks).toBe(1);

    const staff = (await staffView(grace.id).expect(200)).body.data;
    expect(staff).toMatchObject({ suspect: [], emailed: 0, activeLinks: 1 });
    expect(staff.credited).toEqual([
      expect.objectContaining({ email: 'audrey@example.org', confirmed: true, byEmail: false, reasons: [] }),
    ]);
    // Nominees are waitlist entries: a concierge (members only) is refused.
    expect((await staffView(grace.id, concierge).expect(403)).body.code).toBe('FORBIDDEN_FOR_ROLE');
    await staffView('not-a-uuid').expect(404);
    await staffView(randomUUID()).expect(404);

    // An unknown code credits no one; the sign-up still joins.
    await signUp('marlene@example.org', 'no-such-code-at-all-here');
    await t.drain();
    expect(await entryOf('marlene@example.org')).toMatchObject({
      nominated_by_member_id: null,
      nomination_status: null,
    });
  });

  it('marks suspect, with reasons, and never credits: the member’s own address, a member, many from one client, a retired link', async () => {
    const grace = await member('Grace Kelly', 'grace.kelly@gmail.com');
    await member('Cary Grant', 'cary@example.com');
    const [link] = (await as(grace.cookie).get(MINE)).body.data.links;

    // Grace's own address, written another way (Gmail ignores dots and plus-tags).
    await signUp('Grace.Kelly+club@gmail.com', link.code, '198.51.100.1');
    // Another member's address.
    await signUp('cary@example.com', link.code, '198.51.100.2');
    // Three sign-ups from one client within the hour: the third is suspect.
    await signUp('one@example.net', link.code, '198.51.100.3');
    await signUp('two@example.net', link.code, '198.51.100.3');
    await signUp('three@example.net', link.code, '198.51.100.3');
    await t.drain();

    const own = await entryOf('grace.kelly+club@gmail.com');
    expect(own.nomination_status).toBe('suspect');
    expect(own.nomination_reasons).toEqual(
      expect.arrayContaining([
        'The nominee’s address is the nominating member’s own',
        'The nominee is already a member',
      ]),
    );
    expect(await entryOf('cary@example.com')).toMatchObject({
      nomination_status: 'suspect',
      nomination_reasons: ['The nominee is already a member'],
    });
    expect(await entryOf('one@example.net')).toMatchObject({ nomination_status: 'credited' });
    expect(await entryOf('three@example.net')).toMatchObject({
      nomination_status: 'suspect',
      nomination_reasons: ['3 sign-ups came from one device within 60 minutes'],
    });

    // A retired link credits no one, but for the people Grace wrote to with it.
    await as(grace.cookie).post(MINE, { name: 'Kept', email: 'kept@example.net' }).expect(201);
    await as(grace.cookie).delete(`${MINE}/links/${link.code}`).expect(200);
    await signUp('late@example.net', link.code, '198.51.100.9');
    await signUp('kept@example.net', link.code, '198.51.100.10');
    await t.drain();
    expect((await entryOf('late@example.net')).nominated_by_member_id).toBeNull();
    expect(await entryOf('kept@example.net')).toMatchObject({
      nominated_by_member_id: grace.id,
      nomination_status: 'credited',
    });

    await sql(`update waitlist_entries set confirmed_at = now()`);
    const staff = (await staffView(grace.id).expect(200)).body.data;
    expect(staff.credited.map((n: { email: string }) => n.email).sort()).toEqual([
      'kept@example.net',
      'one@example.net',
      'two@example.net',
    ]);
    expect(staff.suspect.map((n: { email: string }) => n.email).sort()).toEqual([
      'cary@example.com',
      'grace.kelly+club@gmail.com',
      'three@example.net',
    ]);
    // The member is told only of credited ones (Kept is beside her letter, not counted with the links).
    const mine = (await as(grace.cookie).get(MINE)).body.data;
    expect(mine.throughLinks).toBe(2);
    expect(mine.sent).toEqual([expect.objectContaining({ name: 'Kept', signedUp: true })]);
  });

  it('writes once in the member’s name, refuses what it should, and never writes to an address that left updates', async () => {
    const grace = await member('Grace Kelly');
    const me = as(grace.cookie);

    const sent = (await me.post(MINE, { name: ' Audrey Hepburn ', email: 'Audrey.Hepburn@Example.org' }).expect(201))
      .body.data;
    expect(sent).toMatchObject({ name: 'Audrey Hepburn', email: 'Audrey.Hepburn@Example.org', signedUp: false });
    await t.drain();
    // The letters to Audrey (her own sign-up brings the waitlist's welcome too).
    const letters = () =>
      smtp.received
        .filter((m) => m.to.some((to) => to.toLowerCase() === 'audrey.hepburn@example.org'))
        .map((m) => readable(m.raw))
        .filter((raw) => /Subject: =\?UTF-8\?Q\?\w+_\w+_has_nominated_you/.test(raw));
    expect(letters()).toHaveLength(1);
    const [text] = letters();
    expect(text).toMatch(/Subject: =\?UTF-8\?Q\?Grace_Kelly_has_nominated_you/);
    expect(text).toContain('Dear Audrey Hepburn,');
    const [link] = (await me.get(MINE)).body.data.links;
    expect(text).toContain(`ref=${link.code}`);
    // An update from the club: it carries the one-click unsubscribe (RFC 8058).
    expect(text).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/i);

    // Once per address per member, however it is written.
    const again = await me.post(MINE, { name: 'Audrey', email: 'audrey.hepburn@example.org' }).expect(409);
    expect(again.body.code).toBe('ALREADY_NOMINATED');
    const own = await me.post(MINE, { name: 'Me', email: grace.email.toUpperCase() }).expect(400);
    expect(own.body.fields).toEqual({ email: expect.stringContaining('your own address') });
    const disposable = await me.post(MINE, { name: 'Throwaway', email: 'someone@mailinator.com' }).expect(400);
    expect(disposable.body.code).toBe('DISPOSABLE_EMAIL_REFUSED');
    await member('Cary Grant', 'cary.grant@example.com');
    const fellow = await me.post(MINE, { name: 'Cary', email: 'Cary.Grant@example.com' }).expect(409);
    expect(fellow.body.code).toBe('ALREADY_A_MEMBER');
    const invalid = await me.post(MINE, { name: '  ', email: 'not an address' }).expect(400);
    expect(invalid.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(invalid.body.fields).sort()).toEqual(['email', 'name']);
    await me.post(MINE, { name: 'x'.repeat(121), email: 'long@example.org' }).expect(400);
    await me.post(MINE, { name: ['Audrey'], email: { to: 'audrey@example.org' } }).expect(400);
    await me.post(MINE, [1, 2]).expect(400);

    // Audrey signs up through the letter's link and confirms: Grace sees it beside her name.
    await signUp('audrey.hepburn@example.org', link.code, '192.0.2.40');
    await t.drain();
    await confirm('audrey.hepburn@example.org');
    const mine = (await me.get(MINE)).body.data;
    expect(mine.sent).toEqual([expect.objectContaining({ name: 'Audrey Hepburn', signedUp: true })]);
    expect(mine.throughLinks).toBe(0);
    expect((await staffView(grace.id)).body.data.credited).toEqual([
      expect.objectContaining({ email: 'audrey.hepburn@example.org', byEmail: true }),
    ]);

    // Audrey leaves the club's updates with one click: Cary's letter to her is not written.
    const header = /List-Unsubscribe:\s*<([^>]+)>/i.exec(text.replace(/\r?\n\s+/g, ' '))!;
    const oneClick = new URL(header[1]);
    await request(t.http)
      .post(`${oneClick.pathname}${oneClick.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    const grant = await member('Grant Wood');
    await as(grant.cookie).post(MINE, { name: 'Audrey Hepburn', email: 'audrey.hepburn@example.org' }).expect(201);
    await t.drain();
    expect(letters()).toHaveLength(1);
    const [delivery] = await sql<{ status: string }>(
      `select status from email_deliveries where kind = 'nomination.email' and recipient = 'audrey.hepburn@example.org'`,
    );
    expect(delivery.status).toBe('skipped');
  });

  it('lets a member ask for ten letters a day', async () => {
    const grace = await member('Grace Kelly');
    for (let i = 0; i < 10; i += 1) {
      await as(grace.cookie)
        .post(MINE, { name: `Guest ${i}`, email: `guest${i}@example.org` })
        .expect(201);
    }
    const refused = await as(grace.cookie).post(MINE, { name: 'One more', email: 'more@example.org' }).expect(429);
    expect(refused.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect(refused.headers['retry-after']).toBeDefined();
    // Another member's day is their own.
    const cary = await member('Cary Grant');
    await as(cary.cookie).post(MINE, { name: 'One more', email: 'more@example.org' }).expect(201);
  });

  it('answers a house-password session 403 MEMBERS_ONLY, and no session 401', async () => {
    const auth = await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(200);
    const house = ([] as string[])
      .concat(auth.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('mf_concierge='))!
      .split(';')[0];
    expect((await as(house).get(MINE).expect(403)).body.code).toBe('MEMBERS_ONLY');
    await as(house).post(MINE, { name: 'Audrey', email: 'audrey@example.org' }).expect(403);
    expect((await request(t.http).get(MINE).expect(401)).body.code).toBe('MEMBER_SIGNED_OUT');
    await request(t.http).post(`${MINE}/links`).expect(401);
  });
});
