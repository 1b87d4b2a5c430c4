import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MemberSessionsService } from '../src/modules/members';
import { ConsentService, consentInsertSql, WAITLIST_SIGN_UP_CONSENT, wordingHash } from '../src/modules/privacy';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';
import {
  adminEnv,
  admin,
  createEvent,
  createInvitation,
  readable,
  resetWithAdmin,
} from './support/launch-party-fixtures';

const APP_URL = 'https://club.example.com';

interface LedgerRow {
  subject_key: string;
  subject_type: string;
  subject_id: string | null;
  purpose: string;
  action: string;
  wording_version: string | null;
  wording_hash: string | null;
  source: string;
}

/**
 * Issue 31, sections 1 and 3: consent on record (an append-only ledger without personal data),
 * and leaving a mailing: List-Unsubscribe headers, the one-click POST, the preference page, the
 * member's own choices, and the next email of a category the person left not sent.
 */
describe('Consent ledger, unsubscribe and mail preferences', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let consent: ConsentService;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ worker: true, env: { ...adminEnv, SMTP_URL: smtp.url, APP_URL } });
    consent = t.app.get(ConsentService);
  });
  beforeEach(async () => {
    await resetWithAdmin(t);
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const sql = <T extends object>(query: string, params: unknown[] = []) =>
    t.orm.em.getConnection().execute<T[]>(query, params);
  /** The ledger rests across resets (it refuses TRUNCATE): each test uses addresses of its own. */
  const fresh = (name = 'guest') => `${name}.${randomUUID().slice(0, 8)}@example.com`;
  const ledger = (email: string) =>
    sql<LedgerRow>('select * from consent_ledger where subject_key = ? order by id', [consent.subjectKey(email)]);

  /** The unsubscribe links of one received email, read from its headers and footer. */
  function linksOf(raw: string) {
    const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
    const header = /^List-Unsubscribe: <([^>]+)>/im.exec(unfolded)?.[1];
    const post = /^List-Unsubscribe-Post: (.+)$/im.exec(unfolded)?.[1]?.trim();
    const body = readable(raw);
    const page = /https:\/\/club\.example\.com\/unsubscribe\/([\w.-]+)/.exec(body)?.[1];
    const preferences = /https:\/\/club\.example\.com\/email-preferences\/([\w.-]+)/.exec(body)?.[1];
    return { header, post, page, preferences, body };
  }

  it('keeps the ledger append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const email = fresh();
    await t.orm.em.fork().transactional((tx) =>
      consent.record(tx, [
        {
          email,
          subjectType: 'waitlist',
          purpose: 'updates',
          action: 'granted',
          source: 'form',
          wordingVersion: 'waitlist-form-v1',
        },
      ]),
    );
    const [row] = await ledger(email);
    expect(row).toMatchObject({ subject_type: 'waitlist', purpose: 'updates', action: 'granted', source: 'form' });
    // No address in the ledger: the key is an HMAC of the normalised address.
    expect(row.subject_key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('example.com');
    expect(row.wording_hash).toBe(wordingHash('waitlist-form-v1'));

    await expect(
      sql(`update consent_ledger set action = 'withdrawn' where subject_key = ?`, [row.subject_key]),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(sql('delete from consent_ledger where subject_key = ?', [row.subject_key])).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    await expect(sql('truncate consent_ledger')).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect(await ledger(email)).toHaveLength(1);
  });

  it('has entities that match the migration’s tables', async () => {
    const sql = await t.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    expect(sql.split(/;\s*\n/).filter((statement) => /consent_ledger|mail_preferences/.test(statement))).toEqual([]);
  });

  it('writes the two sign-up rows of a waitlist entry (the form’s words), and the fragment does the same in one statement', async () => {
    const email = fresh('sign.up');
    await request(t.http)
      .post('/api/waitlist')
      .send({
        email,
        fullName: 'Ada Lovelace',
        consent: true,
        bot_check: '',
        timestamp: new Date().toISOString(),
        source: 'landing',
      })
      .expect(200);
    const [entry] = await sql<{ id: string }>('select id from waitlist_entries where email = ?', [email]);
    const rows = await ledger(email);
    expect(rows.map((r) => [r.purpose, r.action, r.source, r.subject_type, r.subject_id, r.wording_version])).toEqual([
      ['updates', 'granted', 'form', 'waitlist', entry.id, 'waitlist-form-v1'],
      ['event-invitations', 'granted', 'form', 'waitlist', entry.id, 'waitlist-form-v1'],
    ]);
    expect(rows.every((r) => r.wording_hash === wordingHash('waitlist-form-v1'))).toBe(true);
    // The same address, typed otherwise, is the same person (normalised before the HMAC).
    expect(consent.subjectKey(email.toUpperCase())).toBe(rows[0].subject_key);

    // consentInsertSql on its own, over rows a statement gives it.
    const other = fresh('fragment');
    const id = randomUUID();
    await sql(
      `with entry as (select ?::uuid as id, ?::text as subject_key), consent as (
         ${consentInsertSql(WAITLIST_SIGN_UP_CONSENT, { rows: 'entry', subjectKey: 'entry.subject_key', subjectId: 'entry.id' })}
       ) select 1`,
      [id, consent.subjectKey(other)],
    );
    expect((await ledger(other)).map((r) => [r.purpose, r.action, r.subject_id])).toEqual([
      ['updates', 'granted', id],
      ['event-invitations', 'granted', id],
    ]);
    const items = await consent.ledgerFor(other);
    // A confirmation after an unsubscribe does not subscribe again; a new grant does.
    await t.orm.em.fork().transactional((tx) =>
      consent.record(tx, [
        { email: other, subjectType: 'waitlist', purpose: 'updates', action: 'withdrawn', source: 'email-link' },
        {
          email: other,
          subjectType: 'waitlist',
          purpose: 'updates',
          action: 'confirmed',
          source: 'email-link',
          wordingVersion: 'waitlist-form-v1',
        },
      ]),
    );
    expect(await consent.allows(other, 'updates')).toBe(false);
    expect(await consent.allows(other, 'event-invitations')).toBe(true);
    expect(items[0]).toMatchObject({
      purpose: 'updates',
      action: 'granted',
      wordingVersion: 'waitlist-form-v1',
      wording: expect.stringContaining("I confirm I'm 25+ and consent to receive updates from"),
    });
  });

  it('sends an invitation with List-Unsubscribe headers and footer links; one click (form body, no cookie) leaves invitations; the next one is skipped', async () => {
    const email = fresh('grace');
    const event = await createEvent(t);
    const first = await createInvitation(t, event.id, { recipientEmail: email });
    await admin(t).post(`/invitations/${first.id}/send`).expect(201);
    await t.drain();
    expect(smtp.received).toHaveLength(1);
    const links = linksOf(smtp.received[0].raw);
    expect(links.post).toBe('List-Unsubscribe=One-Click');
    expect(links.header).toMatch(/^https:\/\/club\.example\.com\/api\/privacy\/unsubscribe\?token=[\w.-]+$/);
    expect(links.body).toContain('Unsubscribe');
    expect(links.body).toContain('choose what you receive');
    const token = new URL(links.header!).searchParams.get('token')!;
    expect(links.page).toBe(token);

    // What a mail client does (RFC 8058): a form-encoded POST, no cookie, no CSRF token.
    const oneClick = () =>
      request(t.http)
        .post(`/api/privacy/unsubscribe?token=${encodeURIComponent(token)}`)
        .type('form')
        .send('List-Unsubscribe=One-Click');
    const answer = await oneClick().expect(200);
    expect(answer.body).toMatchObject({
      success: true,
      data: { category: 'event-invitations', choices: { updates: true, eventInvitations: false, digests: true } },
    });
    // Idempotent: the second click changes nothing, and writes nothing.
    await oneClick().expect(200);
    await request(t.http)
      .post(`/api/privacy/unsubscribe?token=${encodeURIComponent(token)}`)
      .expect(200);
    // Whatever else a client posts, the token decides: the body is never read.
    await request(t.http)
      .post(`/api/privacy/unsubscribe?token=${encodeURIComponent(token)}`)
      .set('Content-Type', 'application/json')
      .send('[1, 2]')
      .expect(200);
    const rows = await ledger(email);
    expect(rows.map((r) => [r.purpose, r.action, r.source, r.subject_type])).toEqual([
      ['event-invitations', 'withdrawn', 'email-link', 'guest'],
    ]);
    expect(await consent.allows(email, 'event-invitations')).toBe(false);
    expect(await consent.allows(email, 'updates')).toBe(true);

    const nextEvent = await createEvent(t, { name: 'The Winter Soirée', date: '2037-12-19' });
    const second = await createInvitation(t, nextEvent.id, {
      recipientEmail: email.toUpperCase(),
      recipientName: 'Grace K.',
    });
    await admin(t).post(`/invitations/${second.id}/send`).expect(201);
    await t.drain();
    expect(smtp.received).toHaveLength(1);
    const [delivery] = await sql<{ status: string; last_error: string }>(
      `select status, last_error from email_deliveries where kind = 'invitation.send' and lower(recipient) = lower(?) and status <> 'sent'`,
      [email],
    );
    expect(delivery).toEqual({ status: 'skipped', last_error: 'The recipient unsubscribed from event invitations' });
  });

  it('lets the preference page read and change the choices, with one ledger row per change', async () => {
    const email = fresh('prefs');
    const event = await createEvent(t);
    const invitation = await createInvitation(t, event.id, { recipientEmail: email });
    await admin(t).post(`/invitations/${invitation.id}/send`).expect(201);
    await t.drain();
    const token = linksOf(smtp.received[0].raw).preferences!;

    const read = await request(t.http).get(`/api/privacy/preferences?token=${token}`).expect(200);
    expect(read.body).toEqual({
      success: true,
      data: { category: 'event-invitations', choices: { updates: true, eventInvitations: true, digests: true } },
    });
    const save = (choices: object) =>
      request(t.http)
        .put('/api/privacy/preferences')
        .send({ token, ...choices });
    await save({ updates: false, eventInvitations: true, digests: false }).expect(200);
    await save({ updates: false, eventInvitations: true, digests: false }).expect(200);
    const saved = await save({ updates: true, eventInvitations: true, digests: false }).expect(200);
    expect(saved.body.data.choices).toEqual({ updates: true, eventInvitations: true, digests: false });
    expect((await ledger(email)).map((r) => [r.purpose, r.action, r.source, r.wording_version])).toEqual([
      ['updates', 'withdrawn', 'email-link', 'email-preferences-v1'],
      ['digests', 'withdrawn', 'email-link', 'email-preferences-v1'],
      ['updates', 'granted', 'email-link', 'email-preferences-v1'],
    ]);

    // Refusals are clear 400s, never a 500.
    const altered = `${token.slice(0, -2)}xx`;
    const tampered = await request(t.http).get(`/api/privacy/preferences?token=${altered}`).expect(400);
    expect(tampered.body).toMatchObject({ success: false, code: 'PRIVACY_LINK_INVALID' });
    expect(tampered.body.error).toMatch(/altered/);
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ k: 'a'.repeat(64), c: 'updates', d: '2026-01-01' })).toString(
      'base64url',
    );
    await request(t.http).post(`/api/privacy/unsubscribe?token=${forged}.${signature}`).expect(400);
    await request(t.http).post(`/api/privacy/unsubscribe?token=${payload}`).expect(400);
    await request(t.http).post('/api/privacy/unsubscribe').type('form').send('List-Unsubscribe=One-Click').expect(400);
    await request(t.http).get('/api/privacy/preferences?token=%00%ff').expect(400);
    const wrong = await save({ updates: 'yes', eventInvitations: true }).expect(400);
    expect(wrong.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(Object.keys(wrong.body.fields)).toEqual(expect.arrayContaining(['updates', 'digests']));
  });

  it('lets a signed-in member choose the emails they receive, and records pausing what the concierge remembers', async () => {
    const id = randomUUID();
    const email = fresh('member');
    await sql(
      `insert into members (id, name, email, tier, status, joined_at) values (?, 'Grace Kelly', ?, 'patron', 'active', now())`,
      [id, email],
    );
    const session = await t.app.get(MemberSessionsService).issue(t.orm.em.fork(), id, 'Mozilla/5.0 Chrome/131');
    const cookie = `mf_member=${session.token}`;
    const path = '/api/members/me/mail-preferences';

    await request(t.http).get(path).expect(401);
    expect((await request(t.http).get(path).set('Cookie', cookie).expect(200)).body).toEqual({
      data: { updates: true, eventInvitations: true, digests: true },
    });
    const put = (body: object) => request(t.http).put(path).set('Cookie', cookie).send(body);
    expect((await put({ updates: true, eventInvitations: true, digests: false }).expect(200)).body).toEqual({
      data: { updates: true, eventInvitations: true, digests: false },
    });
    await put({ updates: true, eventInvitations: 1, digests: false }).expect(400);
    expect(await consent.allows(email, 'digests')).toBe(false);

    await request(t.http)
      .put('/api/members/me/preferences/paused')
      .set('Cookie', cookie)
      .send({ paused: true })
      .expect(200);
    await request(t.http)
      .put('/api/members/me/preferences/paused')
      .set('Cookie', cookie)
      .send({ paused: true })
      .expect(200);
    await request(t.http)
      .put('/api/members/me/preferences/paused')
      .set('Cookie', cookie)
      .send({ paused: false })
      .expect(200);
    expect((await ledger(email)).map((r) => [r.purpose, r.action, r.source, r.subject_type, r.subject_id])).toEqual([
      ['digests', 'withdrawn', 'account', 'member', id],
      ['concierge-memory', 'withdrawn', 'account', 'member', id],
      ['concierge-memory', 'granted', 'account', 'member', id],
    ]);
  });
});
