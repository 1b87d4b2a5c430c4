import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { AdminAuthService } from '../src/modules/admin/admin-auth.service';
import { AuditService } from '../src/modules/audit';
import { ConsentService } from '../src/modules/privacy';
import { basic } from './support/admin';
import { createEvent, createInvitation, eventFields, rsvp, startingIn } from './support/launch-party-fixtures';
import { registeredRoutes } from './support/routes';
import { createTestApp, type TestApp } from './support/test-app';
import { useTestGatewayApp } from './support/test-gateway-app';

interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  client_ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  changes: Record<string, [unknown, unknown]>;
}

/** The owner every call of these tests is made as: the rows must name her. */
const OWNER = { username: 'ada', password: 'ada-owner-password-123', displayName: 'Ada Lovelace' };

const sqlOf =
  (t: TestApp) =>
  <T extends object = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.orm.em.getConnection().execute<T[]>(sql, params);

/** The newest row's id: the log outlives t.reset() (it refuses TRUNCATE), so a test reads the rows after it. */
async function lastId(t: TestApp): Promise<string> {
  const [row] = await sqlOf(t)<{ id: string }>('select coalesce(max(id), 0)::text as id from audit_log');
  return row.id;
}

function rowsAfter(t: TestApp, since: string): Promise<AuditRow[]> {
  return sqlOf(t)<AuditRow>('select * from audit_log where id > ? order by id', [since]);
}

async function signInOwner(t: TestApp): Promise<{ id: string; authorization: string }> {
  await t.app.get(AdminAuthService).insertIfAbsent(OWNER.username, OWNER.password, {
    role: 'owner',
    displayName: OWNER.displayName,
  });
  const [row] = await sqlOf(t)<{ id: string }>('select id from admins where username = ?', [OWNER.username]);
  return { id: row.id, authorization: basic(OWNER.username, OWNER.password) };
}

describe('Audit log: the table', () => {
  let t: TestApp;
  let audit: AuditService;

  beforeAll(async () => {
    t = await createTestApp();
    audit = t.app.get(AuditService);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('append-only', () => {
    let id: string;
    beforeAll(async () => {
      await audit.recordAs(null, '203.0.113.9', { action: 'test.append-only' });
      id = await lastId(t);
    });

    it.each([
      ['UPDATE', `update audit_log set action = 'rewritten' where id = ?`],
      ['DELETE', 'delete from audit_log where id = ?'],
    ])('refuses %s in the database itself', async (operation, sql) => {
      await expect(sqlOf(t)(sql, [id])).rejects.toThrow(`audit_log is append-only: ${operation} refused`);
      const [row] = await sqlOf(t)<AuditRow>('select * from audit_log where id = ?', [id]);
      expect(row.action).toBe('test.append-only');
    });

    it('refuses TRUNCATE in the database itself', async () => {
      await expect(sqlOf(t)('truncate audit_log')).rejects.toThrow('audit_log is append-only: TRUNCATE refused');
      expect(await lastId(t)).toBe(id);
    });
  });

  describe('record()', () => {
    it('names the actor and address of the scope it runs in, inside the caller transaction', async () => {
      const since = await lastId(t);
      const actor = { id: randomUUID(), username: 'ada', displayName: 'Ada L.', role: 'owner' };
      await audit.runAs(actor, '198.51.100.7', () =>
        t.orm.em.fork().transactional(async (tx: EntityManager) => {
          await audit.record(tx, { action: 'test.scope', target: { type: 'thing', id: '42' }, changes: { a: [1, 2] } });
        }),
      );
      expect(await rowsAfter(t, since)).toEqual([
        expect.objectContaining({
          actor_id: actor.id,
          actor_name: 'Ada L.',
          actor_role: 'owner',
          client_ip: '198.51.100.7',
          action: 'test.scope',
          target_type: 'thing',
          target_id: '42',
          changes: { a: [1, 2] },
        }),
      ]);
    });

    it('writes nothing when the transaction rolls back', async () => {
      const since = await lastId(t);
      await expect(
        t.orm.em.fork().transactional(async (tx: EntityManager) => {
          await audit.record(tx, { action: 'test.rolled-back' });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await rowsAfter(t, since)).toEqual([]);
    });
  });

  describe('the admin API', () => {
    let owner: { id: string; authorization: string };
    /** Rows of this block only: their actions carry a marker no other test uses. */
    const marker = `t${Date.now().toString(36)}`;
    const other = { id: randomUUID(), username: 'bea', displayName: 'Beatrice Door', role: 'door' };

    beforeAll(async () => {
      await t.reset();
      owner = await signInOwner(t);
      const me = { id: owner.id, username: OWNER.username, displayName: OWNER.displayName, role: 'owner' };
      for (let i = 0; i < 5; i += 1) {
        await audit.recordAs(me, '192.0.2.1', {
          action: `${marker}.vendor.update`,
          target: { type: 'vendor', id: String(i) },
          changes: { name: [`Old ${i}`, `New ${i}`] },
        });
      }
      await audit.recordAs(other, '192.0.2.2', {
        action: `${marker}.rsvp.check-in`,
        target: { type: 'rsvp', id: 'r-1' },
        changes: { note: ['', '=HYPERLINK("http://evil.example")'] },
      });
    });

    const list = (query: Record<string, string | number>) =>
      request(t.http).get('/api/admin/audit').query(query).set('Authorization', owner.authorization);

    it('answers a page, newest first, with the total of the filter', async () => {
      const first = await list({ action: `${marker}.vendor`, page: 1, pageSize: 2 }).expect(200);
      expect(first.body.total).toBe(5);
      expect(first.body.items.map((i: { targetId: string }) => i.targetId)).toEqual(['4', '3']);
      expect(first.body.items[0]).toMatchObject({
        actorId: owner.id,
        actorName: OWNER.displayName,
        actorRole: 'owner',
        clientIp: '192.0.2.1',
        action: `${marker}.vendor.update`,
        targetType: 'vendor',
        changes: { name: ['Old 4', 'New 4'] },
      });
      const third = await list({ action: `${marker}.vendor`, page: 3, pageSize: 2 }).expect(200);
      expect(third.body.items.map((i: { targetId: string }) => i.targetId)).toEqual(['0']);
    });

    it('filters by person (account id or part of the name), action, target and date', async () => {
      const byId = await list({ actor: other.id }).expect(200);
      expect(byId.body.items.map((i: { action: string }) => i.action)).toEqual([`${marker}.rsvp.check-in`]);
      const byName = await list({ actor: 'beatrice', action: marker }).expect(200);
      expect(byName.body.total).toBe(1);
      const byTarget = await list({ targetType: 'vendor', targetId: '2', action: marker }).expect(200);
      expect(byTarget.body.items).toEqual([expect.objectContaining({ targetId: '2' })]);
      const today = new Date().toISOString().slice(0, 10);
      expect((await list({ action: marker, from: today, to: today }).expect(200)).body.total).toBe(6);
      expect((await list({ action: marker, to: '2020-01-01' }).expect(200)).body.total).toBe(0);
      expect((await list({ action: marker, from: '2999-01-01' }).expect(200)).body.total).toBe(0);
    });

    it('refuses a malformed filter with a readable 400', async () => {
      const answer = await list({ from: '2026-02-30' }).expect(400);
      expect(answer.body.error).toMatch(/From/);
    });

    it('exports the filtered rows as CSV with formulas defused', async () => {
      const answer = await request(t.http)
        .get('/api/admin/audit.csv')
        .query({ action: marker })
        .set('Authorization', owner.authorization)
        .expect(200);
      expect(answer.headers['content-type']).toMatch(/^text\/csv/);
      expect(answer.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = answer.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('"When (UTC)","Person","Role","Client address","Action","Target type","Target","Changes"');
      expect(lines).toHaveLength(7);
      expect(lines[1]).toContain(`"Beatrice Door","door","192.0.2.2","${marker}.rsvp.check-in","rsvp","r-1"`);
      // A cell that would start a formula is prefixed with an apostrophe; here the changes start with '{'.
      expect(lines[1]).toContain('=HYPERLINK');
      const formula = await request(t.http)
        .get('/api/admin/audit.csv')
        .query({ actor: other.id })
        .set('Authorization', owner.authorization)
        .expect(200);
      expect(formula.text).not.toMatch(/(^|,)"=/m);
    });

    it('asks for staff credentials', async () => {
      await request(t.http).get('/api/admin/audit').expect(401);
      await request(t.http).get('/api/admin/audit.csv').expect(401);
    });
  });
});

/** A route that changes state, as the test calls it: its path and body, and the row it must write. */
interface Call {
  path: string;
  body?: object;
  action: string;
  target: { type: string; id: string };
}

/** POST, PATCH, PUT and DELETE routes under /api/admin that change nothing, with why. */
const NOT_HERE: Record<string, string> = {
  'POST /api/admin/events/:id/check-in/lookup': 'reads what a scanned pass names',
  // A hold or a payment needs a member's saved card on the test gateway: bookings.spec makes one,
  // and checks each of these writes its one row.
  'POST /api/admin/user-requests/:id/bookings/capture': 'audited in bookings.spec',
  'POST /api/admin/user-requests/:id/bookings/release': 'audited in bookings.spec',
  'POST /api/admin/user-requests/:id/bookings/cancel': 'audited in bookings.spec',
  // One 'data-request.erase' row per person it finds to erase again (none in a fresh database).
  'POST /api/admin/data-requests/replay': 'audited per person erased in data-requests.spec',
};

describe('Audit log: every state-changing admin route', () => {
  const app = useTestGatewayApp();
  let t: TestApp;
  let owner: { id: string; authorization: string };
  beforeAll(() => ({ t } = app));
  beforeEach(async () => {
    owner = await signInOwner(t);
  });

  const sql = <T extends object = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    sqlOf(t)<T>(query, params);
  const asOwner = (method: 'post' | 'patch' | 'put' | 'delete', path: string, body?: object) => {
    const call = request(t.http)[method](path).set('Authorization', owner.authorization);
    return body ? call.send(body) : call;
  };

  async function vendor(): Promise<number> {
    const answer = await asOwner('post', '/api/admin/vendors', { name: 'Riviera Yachts', category: 'hotels' }).expect(
      201,
    );
    return answer.body.data.id;
  }

  /** An attending party of two at an event that starts within the hour (the door is open). */
  async function attending(): Promise<{ eventId: number; rsvpId: string }> {
    const event = await createEvent(t, startingIn(1));
    const invitation = await createInvitation(t, event.id, {
      maxGuests: 2,
      recipientEmail: `${randomUUID()}@example.com`,
    });
    const answer = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
    return { eventId: event.id, rsvpId: answer.body.data.rsvp.id };
  }

  /** A succeeded payment through the test gateway. */
  async function succeededPayment(): Promise<string> {
    const event = await createEvent(t, { ticketPrice: 250, currency: 'EUR' });
    const invitation = await createInvitation(t, event.id, {
      maxGuests: 2,
      recipientEmail: `${randomUUID()}@example.com`,
    });
    const answer = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 2 }).expect(200);
    const rsvpId = answer.body.data.rsvp.id as string;
    const created = await request(t.http).post(`/api/rsvp/${rsvpId}/payment`).send({ amount: 500 }).expect(200);
    const clientSecret = created.body.data.clientSecret as string;
    await request(t.http)
      .post(`/api/test-payments/intents/${clientSecret.split('_secret_')[0]}/confirm`)
      .send({ clientSecret, cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' })
      .expect(200);
    await t.drain();
    return created.body.data.payment.id as string;
  }

  /** A member's request with its thread, as the concierge records it, handed off to a person. */
  async function deskRequest(): Promise<string> {
    const threadId = randomUUID();
    const id = randomUUID();
    const sessionId = `session-${randomUUID()}`;
    await sql(`insert into concierge_threads (id, session_id, title, handoff_at) values (?, ?, 'Yacht', now())`, [
      threadId,
      sessionId,
    ]);
    await sql(
      `insert into user_requests (id, session_id, thread_id, text, status)
       values (?, ?, ?, 'A yacht in Monaco for eight guests', 'received')`,
      [id, sessionId, threadId],
    );
    return id;
  }

  async function staffAccount(): Promise<string> {
    const answer = await asOwner('post', '/api/admin/staff', {
      username: `door-${randomUUID().slice(0, 8)}`,
      displayName: 'Marc Door',
      password: 'marc-door-password-123',
      role: 'door',
    }).expect(201);
    return answer.body.data.id;
  }

  /** A waitlist entry offered membership: the member's id. */
  async function offeredMember(): Promise<string> {
    const entry = await waitlistEntry();
    await asOwner('post', '/api/admin/members/offers', { tier: 'voyager', entryIds: [entry] }).expect(200);
    const [row] = await sql<{ id: string }>('select id from members where waitlist_entry_id = ?', [entry]);
    return row.id;
  }

  async function waitlistEntry(): Promise<string> {
    const email = `${randomUUID()}@example.com`;
    await request(t.http)
      .post('/api/waitlist')
      .send({ email, fullName: 'Grace Kelly', consent: true, bot_check: '' })
      .expect(200);
    const [row] = await sql<{ id: string }>('select id from waitlist_entries where email = ?', [email]);
    return row.id;
  }

  const uuid = expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown as string;

  /** What each route is called with; a state-changing admin route missing here fails the first test. */
  /** Someone on the waitlist: an address the club holds something about. */
  async function signedUp(): Promise<string> {
    const email = `${randomUUID()}@example.com`;
    await request(t.http)
      .post('/api/waitlist')
      .send({ email, fullName: 'Ada Lovelace', consent: true, bot_check: '' })
      .expect(200);
    return email;
  }

  /** A person's own erasure request, verified by their emailed link and waiting in the owners' queue. */
  async function personsErasureRequest(): Promise<string> {
    const email = await signedUp();
    const id = randomUUID();
    await sql(
      `insert into data_requests (id, kind, status, subject_email, subject_key, requested_by, due_at)
       values (?, 'erasure', 'verified', ?, ?, 'person', now() + interval '30 days')`,
      [id, email, t.app.get(ConsentService).subjectKey(email)],
    );
    return id;
  }

  const CALLS: Record<string, () => Promise<Call>> = {
    'POST /api/admin/vendors': async () => ({
      path: '/api/admin/vendors',
      body: { name: 'Azur Charters', category: 'hotels' },
      action: 'vendor.create',
      target: { type: 'vendor', id: expect.stringMatching(/^\d+$/) as unknown as string },
    }),
    'PATCH /api/admin/vendors/:id': async () => {
      const id = await vendor();
      return {
        path: `/api/admin/vendors/${id}`,
        body: { name: 'Azur Charters' },
        action: 'vendor.update',
        target: { type: 'vendor', id: String(id) },
      };
    },
    'PATCH /api/admin/vendor-applications/:id': async () => {
      await request(t.http)
        .post('/api/vendor-applications')
        .send({
          name: 'Maison Lumière',
          contactName: 'Élise Martin',
          email: `${randomUUID()}@example.com`,
          phone: '+1 305 555 0199',
          description: 'Private dining and event space overlooking Biscayne Bay.',
          categories: ['event_space'],
          address: '1200 Brickell Bay Drive',
          city: 'Miami',
          state: 'FL',
          zipCode: '33131',
          termsAccepted: true,
          bot_check: '',
        })
        .expect(201);
      const [row] = await sql<{ id: number }>('select max(id) as id from vendor_applications');
      return {
        path: `/api/admin/vendor-applications/${row.id}`,
        body: { status: 'approved' },
        action: 'application.approve',
        target: { type: 'vendor-application', id: String(row.id) },
      };
    },
    'POST /api/admin/events': async () => ({
      path: '/api/admin/events',
      body: eventFields,
      action: 'event.create',
      target: { type: 'event', id: expect.stringMatching(/^\d+$/) as unknown as string },
    }),
    'PATCH /api/admin/events/:id': async () => {
      const event = await createEvent(t);
      return {
        path: `/api/admin/events/${event.id}`,
        body: { ...eventFields, name: 'The Riviera Opening' },
        action: 'event.update',
        target: { type: 'event', id: String(event.id) },
      };
    },
    'DELETE /api/admin/events/:id': async () => {
      const event = await createEvent(t);
      return {
        path: `/api/admin/events/${event.id}`,
        action: 'event.delete',
        target: { type: 'event', id: String(event.id) },
      };
    },
    'PUT /api/admin/maintenance': async () => ({
      path: '/api/admin/maintenance',
      body: { enabled: false },
      action: 'maintenance.disable',
      target: { type: 'site-setting', id: 'maintenance' },
    }),
    'POST /api/admin/payments/:id/refund': async () => {
      const id = await succeededPayment();
      return { path: `/api/admin/payments/${id}/refund`, action: 'payment.refund', target: { type: 'payment', id } };
    },
    'POST /api/admin/invitations': async () => {
      const event = await createEvent(t);
      return {
        path: '/api/admin/invitations',
        body: { eventId: event.id, recipientName: 'Grace Kelly', recipientEmail: 'grace@example.com' },
        action: 'invitation.create',
        target: { type: 'invitation', id: expect.stringMatching(/^\d+$/) as unknown as string },
      };
    },
    'POST /api/admin/invitations/from-waitlist': async () => {
      const event = await createEvent(t);
      await request(t.http)
        .post('/api/waitlist')
        .send({ email: `${randomUUID()}@example.com`, fullName: 'New Member', consent: true, bot_check: '' })
        .expect(200);
      return {
        path: '/api/admin/invitations/from-waitlist',
        body: { eventId: event.id, allMatching: true },
        action: 'invitation.from-waitlist',
        target: { type: 'event', id: String(event.id) },
      };
    },
    'POST /api/admin/invitations/:id/send': async () => {
      const event = await createEvent(t);
      const invitation = await createInvitation(t, event.id);
      return {
        path: `/api/admin/invitations/${invitation.id}/send`,
        action: 'invitation.send',
        target: { type: 'invitation', id: String(invitation.id) },
      };
    },
    'DELETE /api/admin/invitations/:id': async () => {
      const event = await createEvent(t);
      const invitation = await createInvitation(t, event.id);
      return {
        path: `/api/admin/invitations/${invitation.id}`,
        action: 'invitation.delete',
        target: { type: 'invitation', id: String(invitation.id) },
      };
    },
    'POST /api/admin/events/:id/invitations/send-pending': async () => {
      const event = await createEvent(t);
      await createInvitation(t, event.id);
      return {
        path: `/api/admin/events/${event.id}/invitations/send-pending`,
        action: 'invitation.send-pending',
        target: { type: 'event', id: String(event.id) },
      };
    },
    'POST /api/admin/events/:id/check-in': async () => {
      const { eventId, rsvpId } = await attending();
      return {
        path: `/api/admin/events/${eventId}/check-in`,
        body: { rsvpId, guests: 1 },
        action: 'rsvp.check-in',
        target: { type: 'rsvp', id: rsvpId },
      };
    },
    'PATCH /api/admin/events/:id/check-in/:rsvpId': async () => {
      const { eventId, rsvpId } = await attending();
      await asOwner('post', `/api/admin/events/${eventId}/check-in`, { rsvpId, guests: 1 }).expect(200);
      return {
        path: `/api/admin/events/${eventId}/check-in/${rsvpId}`,
        body: { arrived: 2 },
        action: 'rsvp.arrived',
        target: { type: 'rsvp', id: rsvpId },
      };
    },
    'PATCH /api/admin/user-requests/:id': async () => {
      const id = await deskRequest();
      return {
        path: `/api/admin/user-requests/${id}`,
        body: { status: 'in_progress' },
        action: 'request.status',
        target: { type: 'request', id },
      };
    },
    'POST /api/admin/user-requests/:id/replies': async () => {
      const id = await deskRequest();
      return {
        path: `/api/admin/user-requests/${id}/replies`,
        body: { content: 'Your yacht is being arranged.' },
        action: 'request.reply',
        target: { type: 'request', id },
      };
    },
    'POST /api/admin/user-requests/:id/hand-back': async () => {
      const id = await deskRequest();
      return {
        path: `/api/admin/user-requests/${id}/hand-back`,
        action: 'request.hand-back',
        target: { type: 'request', id },
      };
    },
    'POST /api/admin/user-requests/:id/options': async () => {
      const id = await deskRequest();
      return {
        path: `/api/admin/user-requests/${id}/options`,
        body: { options: [{ title: 'Benetti Oasis 40m', price: 60000, currency: 'EUR' }] },
        action: 'request.propose-options',
        target: { type: 'request', id },
      };
    },
    'POST /api/admin/staff': async () => ({
      path: '/api/admin/staff',
      body: { username: 'claire', displayName: 'Claire Dubois', password: 'claire-password-123', role: 'concierge' },
      action: 'staff.create',
      target: { type: 'staff', id: uuid },
    }),
    'PATCH /api/admin/staff/:id': async () => {
      const id = await staffAccount();
      return {
        path: `/api/admin/staff/${id}`,
        body: { role: 'events' },
        action: 'staff.update',
        target: { type: 'staff', id },
      };
    },
    'POST /api/admin/staff/:id/password': async () => {
      const id = await staffAccount();
      return {
        path: `/api/admin/staff/${id}/password`,
        body: { password: 'a-new-door-password-456' },
        action: 'staff.password-reset',
        target: { type: 'staff', id },
      };
    },
    'POST /api/admin/members/offers': async () => {
      const entry = await waitlistEntry();
      return {
        path: '/api/admin/members/offers',
        body: { tier: 'patron', entryIds: [entry] },
        action: 'member.offer',
        target: { type: 'member', id: uuid },
      };
    },
    'POST /api/admin/members/:id/offer/resend': async () => {
      const id = await offeredMember();
      return {
        path: `/api/admin/members/${id}/offer/resend`,
        action: 'member.offer-resend',
        target: { type: 'member', id },
      };
    },
    'POST /api/admin/members/:id/offer/revoke': async () => {
      const id = await offeredMember();
      return {
        path: `/api/admin/members/${id}/offer/revoke`,
        action: 'member.offer-revoke',
        target: { type: 'member', id },
      };
    },
    'PATCH /api/admin/members/:id': async () => {
      const id = await offeredMember();
      return {
        path: `/api/admin/members/${id}`,
        body: { tier: 'black' },
        action: 'member.update',
        target: { type: 'member', id },
      };
    },
    'POST /api/admin/members/:memberId/preferences': async () => {
      const id = await offeredMember();
      return {
        path: `/api/admin/members/${id}/preferences`,
        body: { kind: 'seating', value: 'Terraces' },
        action: 'member.preference-add',
        target: { type: 'member', id },
      };
    },
    'POST /api/admin/members/:memberId/notes': async () => {
      const id = await offeredMember();
      return {
        path: `/api/admin/members/${id}/notes`,
        body: { text: 'Prefers to be called by her first name' },
        action: 'member.note-add',
        target: { type: 'member', id },
      };
    },
    'POST /api/admin/data-requests': async () => {
      const email = await signedUp();
      return {
        path: '/api/admin/data-requests',
        body: { kind: 'export', email },
        action: 'data-request.export',
        target: { type: 'data-request', id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown as string },
      };
    },
    'POST /api/admin/data-requests/:id/complete': async () => {
      const id = await personsErasureRequest();
      return {
        path: `/api/admin/data-requests/${id}/complete`,
        action: 'data-request.erase',
        target: { type: 'data-request', id },
      };
    },
    'POST /api/admin/data-requests/:id/refuse': async () => {
      const id = await personsErasureRequest();
      return {
        path: `/api/admin/data-requests/${id}/refuse`,
        body: { note: 'We must keep this guest’s invoice for the tax year' },
        action: 'data-request.refuse',
        target: { type: 'data-request', id },
      };
    },
    'POST /api/admin/waitlist/export-link': async () => ({
      path: '/api/admin/waitlist/export-link',
      action: 'waitlist.export-link',
      target: { type: 'waitlist', id: 'export' },
    }),
  };

  it('has a call for every state-changing admin route the app registers', () => {
    const mutating = registeredRoutes(t)
      .filter((r) => r.path.startsWith('/api/admin/') && ['POST', 'PATCH', 'PUT', 'DELETE'].includes(r.method))
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => !(key in NOT_HERE));
    expect(mutating.filter((key) => !(key in CALLS)).sort()).toEqual([]);
    expect(Object.keys(CALLS).filter((key) => !mutating.includes(key))).toEqual([]);
  });

  it.each(Object.keys(CALLS))(
    '%s writes one row naming the owner, her role, address, action and target',
    async (key) => {
      const call = await CALLS[key]();
      const method = key.split(' ')[0].toLowerCase() as 'post' | 'patch' | 'put' | 'delete';
      const since = await lastId(t);
      const answer = await asOwner(method, call.path, call.body);
      expect([200, 201, 202]).toContain(answer.status);
      const rows = await rowsAfter(t, since);
      expect(rows).toEqual([
        expect.objectContaining({
          actor_id: owner.id,
          actor_name: OWNER.displayName,
          actor_role: 'owner',
          client_ip: expect.stringMatching(/127\.0\.0\.1$/),
          action: call.action,
          target_type: call.target.type,
          target_id: call.target.id,
        }),
      ]);
    },
  );

  it('writes what changed, briefly: a vendor renamed names its old and new name only', async () => {
    const id = await vendor();
    const since = await lastId(t);
    await asOwner('patch', `/api/admin/vendors/${id}`, { name: 'Azur Charters' }).expect(200);
    const [row] = await rowsAfter(t, since);
    expect(row.changes).toEqual({ name: ['Riviera Yachts', 'Azur Charters'] });
  });

  it('writes no row for a change that is refused', async () => {
    const event = await createEvent(t);
    const since = await lastId(t);
    await asOwner('patch', `/api/admin/events/${event.id}`, { ...eventFields, capacity: 0 }).expect(400);
    await asOwner('delete', '/api/admin/invitations/999999').expect(404);
    // An application decided twice: the first decision is recorded, the refused second is not.
    const application = await CALLS['PATCH /api/admin/vendor-applications/:id']();
    await asOwner('patch', application.path, application.body).expect(200);
    await asOwner('patch', application.path, { status: 'rejected' }).expect(409);
    expect((await rowsAfter(t, since)).map((r) => r.action)).toEqual(['application.approve']);
  });
});
