import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import request from 'supertest';
import { MemberSessionsService } from '../src/modules/members';
import { DataRequestsService } from '../src/modules/data-requests';
import { ConsentService } from '../src/modules/privacy';
import { signLink } from '../src/modules/data-requests/data-request-tokens';
import { scrubJson, scrubText } from '../src/modules/data-requests';
import { asStaff } from './support/admin';
import { admin, createEvent, createInvitation, readable, rsvp } from './support/launch-party-fixtures';
import { useTestGatewayApp } from './support/test-gateway-app';
import type { TestApp } from './support/test-app';
import { eventually } from './support/eventually';

type Row = Record<string, unknown>;

/** The files of a zip (stored or deflated), read from its central directory: no library of ours to trust. */
function unzip(zip: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('Not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('Broken central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const NAME = 'Grace Patricia Kelly';
const EMAIL = 'Grace.Kelly@Example.com';
const GUEST = 'Rainier Grimaldi';

/** Issue 31, section 3: a person's data, exported on request and erased everywhere (payments keep amounts). */
describe('Your data: export and erasure', () => {
  const app = useTestGatewayApp();
  let t: TestApp;
  let smtp: typeof app.smtp;
  beforeAll(() => ({ t, smtp } = app));

  const sql = <T = Row>(query: string, params: unknown[] = []) => t.orm.em.getConnection().execute<T[]>(query, params);

  const mailTo = (address: string, subject: string) =>
    smtp.received.find(
      (m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()) && readable(m.raw).includes(subject),
    );

  const linkIn = (raw: string, path: string) => {
    const match = new RegExp(`${path}/([A-Za-z0-9_.-]+)`).exec(readable(raw));
    if (!match) throw new Error(`No ${path} link in the email`);
    return match[1];
  };

  /**
   * The person: on the waitlist, a member with a conversation, a request, what the concierge
   * remembers and a staff note, invited to a paid event with a guest, answered and paid.
   */
  async function person() {
    await request(t.http)
      .post('/api/waitlist')
      .send({ email: EMAIL, fullName: NAME, phoneNumber: '+377 93 15 00 00', consent: true })
      .expect(200);
    const [entry] = await sql<{ id: string }>('select id from waitlist_entries where lower(email) = lower(?)', [EMAIL]);
    const memberId = randomUUID();
    await sql(
      `insert into members (id, name, email, phone, tier, status, joined_at, waitlist_entry_id)
       values (?, ?, ?, '+377 93 15 00 00', 'patron', 'active', now(), ?)`,
      [memberId, NAME, EMAIL, entry.id],
    );
    const session = await t.app.get(MemberSessionsService).issue(t.orm.em.fork(), memberId, 'Mozilla/5.0 Chrome/131');
    const cookie = `mf_member=${session.token}`;
    const threadId = randomUUID();
    await sql(`insert into concierge_threads (id, session_id, title) values (?, ?, 'A table in Monte-Carlo')`, [
      threadId,
      `member:${memberId}`,
    ]);
    await sql(
      `insert into concierge_messages (id, thread_id, seq, role, content, status) values
         (?, ?, 1, 'user', ?, 'complete'), (?, ?, 2, 'assistant', ?, 'complete')`,
      [
        randomUUID(),
        threadId,
        `This is ${NAME}: a table for two at Le Louis XV on Saturday, please.`,
        randomUUID(),
        threadId,
        `Certainly, ${NAME}. I shall look into Le Louis XV for Saturday.`,
      ],
    );
    await sql(`insert into user_requests (id, session_id, text, status, thread_id) values (?, ?, ?, 'received', ?)`, [
      randomUUID(),
      `member:${memberId}`,
      `Table for two at Le Louis XV, under the name ${NAME}`,
      threadId,
    ]);
    await request(t.http)
      .post('/api/members/me/preferences')
      .set('Cookie', cookie)
      .send({ kind: 'seating', value: 'Terraces, never by the door' })
      .expect(201);
    await sql(`insert into member_staff_notes (id, member_id, text, author_name) values (?, ?, ?, 'Sophie')`, [
      randomUUID(),
      memberId,
      `${NAME} celebrates her anniversary in April.`,
    ]);

    // A member nominated her by email before she joined.
    const cary = randomUUID();
    await sql(`insert into members (id, name, email, tier, status) values (?, 'Cary Grant', ?, 'black', 'active')`, [
      cary,
      `${cary}@example.com`,
    ]);
    await sql(
      `insert into nominations_sent (id, member_id, email, email_normalised, name, link_code) values (?, ?, ?, ?, ?, 'c0de')`,
      [randomUUID(), cary, EMAIL, EMAIL.toLowerCase(), NAME],
    );

    // She is also the contact of a partner florist, and applied for it.
    await sql(
      `insert into vendors (name, category, contact_name, contact_email, contact_phone) values (?, ?, ?, ?, ?)`,
      ['Fleurs de Monaco', 'events', NAME, EMAIL, '+377 93 15 00 00'],
    );
    await sql(
      `insert into vendor_applications (name, contact_name, email, phone, description, address, city, state, zip_code, categories)
       values ('Fleurs de Monaco', ?, ?, '+377 93 15 00 00', ?, '1 Rue Grimaldi', 'Monaco', 'Monaco', '98000', '{events}')`,
      [NAME, EMAIL, `Flowers for the club's evenings, arranged by ${NAME} herself.`],
    );

    const event = await createEvent(t, { ticketPrice: 250, currency: 'EUR' });
    const invitation = await createInvitation(t, event.id, {
      recipientName: NAME,
      recipientEmail: EMAIL,
      recipientPhone: '+377 93 15 00 00',
      maxGuests: 2,
    });
    const answer = await rsvp(t, invitation.invitationCode, {
      status: 'attending',
      guestCount: 2,
      guestNames: [NAME, GUEST],
      dietaryRestrictions: 'No shellfish',
    }).expect(200);
    const rsvpId = answer.body.data.rsvp.id as string;
    const created = await request(t.http).post(`/api/rsvp/${rsvpId}/payment`).send({ amount: 500 }).expect(200);
    const clientSecret = created.body.data.clientSecret as string;
    await request(t.http)
      .post(`/api/test-payments/intents/${clientSecret.split('_secret_')[0]}/confirm`)
      .send({ clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })
      .expect(200);
    const paymentId = created.body.data.payment.id as string;
    await eventually(async () => {
      const [payment] = await sql<{ status: string }>('select status from payments where id = ?', [paymentId]);
      expect(payment.status).toBe('succeeded');
    });
    await t.drain();
    return { memberId, cookie, paymentId, invitationCode: invitation.invitationCode };
  }

  /** Every text, jsonb and text[] column of every table whose value holds `needle` (any case). */
  async function whereFound(needle: string): Promise<string[]> {
    const columns = await sql<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name from information_schema.columns c
         join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and (c.data_type in ('text', 'character varying', 'jsonb', 'json') or c.udt_name in ('_text', '_varchar'))`,
    );
    expect(columns.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const [hit] = await sql<{ n: number }>(
        `select count(*)::int as n from "${table}" where "${column}"::text ilike ?`,
        [`%${needle}%`],
      );
      if (hit.n > 0) found.push(`${table}.${column}`);
    }
    return found;
  }

  it('takes a person’s names and addresses out of free text as whole words, in any case', () => {
    const literals = ['grace patricia kelly', 'grace.kelly@example.com', 'ann'];
    expect(scrubText('Table for GRACE PATRICIA KELLY (Grace.Kelly@Example.com); Ann’s annual visit', literals)).toBe(
      'Table for erased (erased); erased’s annual visit',
    );
    expect(scrubJson({ note: ['ann'], count: 2, ann: null }, literals)).toEqual({
      note: ['erased'],
      count: 2,
      ann: null,
    });
  });

  it('exports everything held about a person as a zip, with a link that works for 24 hours', async () => {
    const grace = await person();
    const asked = await request(t.http)
      .post('/api/members/me/data-requests')
      .set('Cookie', grace.cookie)
      .send({ kind: 'export' })
      .expect(201);
    expect(asked.body.data).toMatchObject({ kind: 'export', status: 'verified', requestedBy: 'member' });
    await t.drain();
    // Asked again within the hour: the copy already sent answers, with no second email.
    const again = await request(t.http)
      .post('/api/members/me/data-requests')
      .set('Cookie', grace.cookie)
      .send({ kind: 'export' })
      .expect(201);
    expect(again.body.data).toMatchObject({ id: asked.body.data.id, status: 'completed' });

    const email = await eventually(async () => {
      const found = mailTo(EMAIL, 'Your Copy Is Ready');
      expect(found).toBeDefined();
      return found!;
    });
    const token = linkIn(email.raw, '/your-data/download');
    const status = await request(t.http).get(`/api/data-requests/download/${token}/status`).expect(200);
    expect(status.body.data.fileName).toMatch(/^your-data-\d{4}-\d{2}-\d{2}\.zip$/);

    const download = await request(t.http)
      .get(`/api/data-requests/download/${token}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const files = unzip(download.body as Buffer);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        'README.txt',
        'waitlist.json',
        'membership.json',
        'preferences.json',
        'conversations.json',
        'requests.json',
        'invitations.json',
        'payments.json',
        'consent-ledger.json',
        'emails.json',
        'data-requests.json',
        'vendor-contacts.json',
        'vendor-applications.json',
      ]),
    );
    // The files' shapes are what the expectations below check.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const json = (name: string) => JSON.parse(files.get(name)!) as Record<string, any>;
    expect(files.get('README.txt')).toContain('conversations.json');
    expect(json('waitlist.json').entries[0]).toMatchObject({ fullName: NAME, email: EMAIL.toLowerCase() });
    expect(json('waitlist.json').entries[0]).not.toHaveProperty('confirmationTokenHash');
    expect(json('membership.json').account).toMatchObject({ name: NAME, tier: 'patron' });
    expect(json('conversations.json').threads[0].messages.map((m: { content: string }) => m.content)).toEqual([
      expect.stringContaining('a table for two at Le Louis XV'),
      expect.stringContaining('I shall look into Le Louis XV'),
    ]);
    expect(json('preferences.json').remembered[0]).toMatchObject({
      kind: 'seating',
      value: 'Terraces, never by the door',
    });
    // Staff notes are the club's working notes: not exported.
    expect(files.get('preferences.json')).not.toContain('anniversary');
    expect(json('invitations.json').invitations[0]).toMatchObject({
      recipientName: NAME,
      event: { name: 'The Riviera Launch' },
      answer: { status: 'attending', guestCount: 2, guestNames: [NAME, GUEST], dietaryRestrictions: 'No shellfish' },
    });
    expect(json('payments.json').payments[0]).toMatchObject({ amount: 50000, currency: 'EUR', status: 'succeeded' });
    const ledger = json('consent-ledger.json').rows as Array<{ purpose: string; action: string; wording: string }>;
    expect(ledger).toEqual(
      expect.arrayContaining([expect.objectContaining({ purpose: 'updates', action: 'granted' })]),
    );
    expect(json('emails.json').deliveries.length).toBeGreaterThan(0);
    expect(json('nominations.json').nominatedYou).toEqual([expect.objectContaining({ name: NAME })]);

    // The link dies after its hours, and the file with it.
    await sql(`update data_requests set download_expires_at = now() - interval '1 minute' where id = ?`, [
      asked.body.data.id,
    ]);
    const gone = await request(t.http).get(`/api/data-requests/download/${token}`).expect(410);
    expect(gone.body).toMatchObject({ success: false, code: 'DATA_EXPORT_EXPIRED' });
    expect(await t.app.get(DataRequestsService).deleteExpiredExports()).toBe(1);
    const [kept] = await sql<{ file: boolean }>(
      'select export_file is not null as file from data_requests where id = ?',
      [asked.body.data.id],
    );
    expect(kept.file).toBe(false);
    await request(t.http).get(`/api/data-requests/download/${token}/status`).expect(410);
    const unknown = await request(t.http).get('/api/data-requests/download/not-a-real-token').expect(404);
    expect(unknown.body.code).toBe('DATA_EXPORT_UNKNOWN');
  });

  it('erases the person from every table on an owner’s word, keeping the payments’ amounts', async () => {
    const grace = await person();
    const refused = await request(t.http)
      .post('/api/members/me/data-requests')
      .set('Cookie', grace.cookie)
      .send({ kind: 'erasure', confirmation: 'yes' })
      .expect(400);
    expect(refused.body).toMatchObject({
      code: 'ERASE_NOT_CONFIRMED',
      fields: { confirmation: 'Please type ERASE to confirm' },
    });
    const asked = await request(t.http)
      .post('/api/members/me/data-requests')
      .set('Cookie', grace.cookie)
      .send({ kind: 'erasure', confirmation: 'ERASE' })
      .expect(201);
    expect(asked.body.data).toMatchObject({ kind: 'erasure', status: 'verified', daysLeft: 30, overdue: false });
    await t.drain();
    expect(mailTo(EMAIL, 'Your Request to Erase Your Data')).toBeDefined();

    // The queue: owners only.
    const events = await asStaff(t, { username: 'eve', password: 'eve-password-1234', role: 'events' });
    await request(t.http).get('/api/admin/data-requests').set('Authorization', events).expect(403);
    const queue = await admin(t).get('/data-requests').expect(200);
    expect(queue.body).toMatchObject({ total: 1, data: [{ id: asked.body.data.id, daysLeft: 30, overdue: false }] });

    // An email to her still waiting in the queue never goes out.
    await sql(
      `insert into email_deliveries (id, key, kind, recipient, status, attempts, created_at, updated_at)
       values (gen_random_uuid(), 'test.waiting', 'test.waiting', ?, 'queued', 0, now(), now())`,
      [EMAIL],
    );
    const done = await admin(t).post(`/data-requests/${asked.body.data.id}/complete`).expect(200);
    const [waiting] = await sql<Row>(`select status, recipient from email_deliveries where key = 'test.waiting'`);
    expect(waiting).toEqual({ status: 'skipped', recipient: 'erased' });
    expect(done.body.data).toMatchObject({ status: 'completed', email: null });
    expect(done.body.data.counts).toMatchObject({
      'waitlist.entries': 1,
      'membership.accounts': 1,
      'conversations.threads': 1,
      'invitations.invitations': 1,
      'payments.paymentsKept': 1,
    });
    await admin(t).post(`/data-requests/${asked.body.data.id}/complete`).expect(409);

    // Gone from every text column of the database: the name, the guest's name, the address.
    expect(await whereFound(NAME)).toEqual([]);
    expect(await whereFound(GUEST)).toEqual([]);
    expect(await whereFound(EMAIL)).toEqual([]);
    expect(await whereFound('No shellfish')).toEqual([]);
    expect(await whereFound('93 15 00 00')).toEqual([]);

    // The payment keeps what the law requires.
    const [payment] = await sql<Row>('select amount, currency, status, transaction_id from payments where id = ?', [
      grace.paymentId,
    ]);
    expect(payment).toMatchObject({ amount: 50000, currency: 'EUR', status: 'succeeded' });
    expect(payment.transaction_id).toBeTruthy();
    // The ledger keeps that the erasure happened; the audit log that an owner did it.
    // (The ledger outlives each test's reset, and other specs of the run erase people too: hers only.)
    const ledger = await sql<{ purpose: string }>(
      `select purpose from consent_ledger where action = 'erased' and subject_key = ?`,
      [t.app.get(ConsentService).subjectKey(EMAIL)],
    );
    expect(ledger.map((r) => r.purpose).sort()).toEqual([
      'concierge-memory',
      'digests',
      'event-invitations',
      'updates',
    ]);
    const audit = await sql<Row>(`select action, actor_name from audit_log where target_id = ?`, [asked.body.data.id]);
    expect(audit).toEqual([{ action: 'data-request.erase', actor_name: expect.any(String) }]);
    // Nobody signs in as the erased account; the invitation's old link opens nothing.
    await request(t.http).get('/api/members/me/data-requests').set('Cookie', grace.cookie).expect(401);
    await request(t.http).get(`/api/invitations/${grace.invitationCode}`).expect(404);
    // The request keeps only its key, kind, dates and counts.
    const [kept] = await sql<Row>('select subject_email, subject_key, member_id from data_requests where id = ?', [
      asked.body.data.id,
    ]);
    expect(kept).toMatchObject({ subject_email: null, member_id: null });
    expect(kept.subject_key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets anyone ask by email, answering the same whether or not we hold anything', async () => {
    await person();
    const stranger = await request(t.http).post('/api/data-requests').send({ email: 'nobody@example.org' }).expect(200);
    const known = await request(t.http).post('/api/data-requests').send({ email: EMAIL }).expect(200);
    expect(stranger.body).toEqual(known.body);
    await t.drain();
    expect(smtp.received.some((m) => m.to.includes('nobody@example.org'))).toBe(false);
    const email = await eventually(async () => {
      const found = mailTo(EMAIL, 'Open Your Data');
      expect(found).toBeDefined();
      return found!;
    });
    const token = linkIn(email.raw, '/your-data');
    const link = await request(t.http).get(`/api/data-requests/link/${token}`).expect(200);
    expect(link.body.data.email).toBe(EMAIL);

    const first = await request(t.http).post('/api/data-requests/link').send({ token, kind: 'erasure' }).expect(200);
    expect(first.body.data).toMatchObject({ kind: 'erasure', status: 'verified', requestedBy: 'person' });
    // A second ask answers the first.
    const again = await request(t.http).post('/api/data-requests/link').send({ token, kind: 'erasure' }).expect(200);
    expect(again.body.data.id).toBe(first.body.data.id);

    // An owner refuses it, saying why: audited.
    await admin(t).post(`/data-requests/${first.body.data.id}/refuse`, { note: '' }).expect(400);
    const refused = await admin(t)
      .post(`/data-requests/${first.body.data.id}/refuse`, { note: 'A paid event on 12 December is still to come.' })
      .expect(200);
    expect(refused.body.data).toMatchObject({
      status: 'refused',
      notes: 'A paid event on 12 December is still to come.',
    });
    const audit = await sql<Row>(`select action from audit_log where target_id = ?`, [first.body.data.id]);
    expect(audit).toEqual([{ action: 'data-request.refuse' }]);

    // Links altered, expired, or garbage: clear answers, never a 500.
    const tampered = await request(t.http)
      .get(`/api/data-requests/link/${token.slice(0, -2)}xx`)
      .expect(400);
    expect(tampered.body.code).toBe('DATA_LINK_INVALID');
    const secret = process.env.SESSION_SECRET!;
    const old = signLink(secret, EMAIL, new Date(Date.now() - 60_000));
    const expired = await request(t.http)
      .post('/api/data-requests/link')
      .send({ token: old, kind: 'export' })
      .expect(410);
    expect(expired.body.code).toBe('DATA_LINK_EXPIRED');
    await request(t.http).post('/api/data-requests/link').send({ token, kind: 'everything' }).expect(400);
    await request(t.http).post('/api/data-requests/link').send({ kind: 'export' }).expect(400);
    await request(t.http).post('/api/data-requests').send({ email: 'not an address' }).expect(400);
    await request(t.http)
      .post('/api/data-requests')
      .send({ email: ['a@b.c'] })
      .expect(400);
    await admin(t).post('/data-requests/not-a-uuid/complete').expect(404);
    await admin(t).get('/data-requests?status=everything').expect(400);
  });

  it('lets an owner start an erasure at once from the queue', async () => {
    await person();
    await admin(t).post('/data-requests', { kind: 'erasure', email: 'nobody@example.org' }).expect(404);
    const started = await admin(t).post('/data-requests', { kind: 'erasure', email: EMAIL.toUpperCase() }).expect(201);
    expect(started.body.data).toMatchObject({ kind: 'erasure', status: 'completed', requestedBy: 'staff' });
    expect(await whereFound(NAME)).toEqual([]);
    const actions = await sql<{ action: string }>(`select action from audit_log where target_id = ? order by id`, [
      started.body.data.id,
    ]);
    expect(actions.map((a) => a.action)).toEqual(['data-request.open', 'data-request.erase']);
    const all = await admin(t).get('/data-requests?status=all').expect(200);
    expect(all.body.data[0]).toMatchObject({ status: 'completed', daysLeft: null });

    // A backup from before the erasure is restored: she is back, and the erasure's request is not.
    const kept = (await admin(t).get('/data-requests/erased-keys').expect(200)).body.data as string[];
    expect(kept).toHaveLength(1);
    await sql(`delete from data_requests`);
    await request(t.http).post('/api/waitlist').send({ email: EMAIL, fullName: NAME, consent: true }).expect(200);
    expect(await whereFound(NAME)).toEqual(['waitlist_entries.full_name']);
    await admin(t)
      .post('/data-requests/replay', { subjectKeys: ['not-a-key'] })
      .expect(400);
    const replayed = await admin(t).post('/data-requests/replay', { subjectKeys: kept }).expect(200);
    expect(replayed.body.data).toEqual([
      expect.objectContaining({ status: 'completed', notes: 'Re-applied after a restore from a backup.' }),
    ]);
    expect(await whereFound(NAME)).toEqual([]);
    // Nothing more to do: a second replay finds no one.
    expect((await admin(t).post('/data-requests/replay', { subjectKeys: kept }).expect(200)).body.data).toEqual([]);
  });
});
