import request from 'supertest';
import { AdminAuthService } from '../src/modules/admin/admin-auth.service';
import { asAdmin, asStaff, basic } from './support/admin';
import { createTestApp, type TestApp } from './support/test-app';

const EVENT = {
  description: 'Champagne on the terrace at dusk.',
  eventType: 'launch_party',
  date: '2037-12-12',
  startTime: '19:00',
  endTime: '23:00',
  venue: 'Hôtel de Paris',
  venueAddress: 'Place du Casino',
  city: 'Monte-Carlo',
  state: 'Monaco',
  country: 'Monaco',
  zipCode: '98000',
  capacity: 100,
  ticketPrice: 0,
  currency: 'EUR',
  isPrivate: true,
  organizer: 'Maison Fortuna',
  organizerContact: 'events@maisonfortuna.local',
  status: 'published',
};

describe('Staff accounts', () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    owner = await asAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const staffIdOf = async (username: string): Promise<string> => {
    const listed = await request(t.http).get('/api/admin/staff').set('Authorization', owner).expect(200);
    return (listed.body.data as Array<{ id: string; username: string }>).find((s) => s.username === username)!.id;
  };

  it('creates the first account at first start as an owner, named by its username', async () => {
    await t.reset();
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await t.app.get(AdminAuthService).ensureBootAdmin();
    } finally {
      spy.mockRestore();
    }
    const rows = await t.orm.em
      .getConnection()
      .execute<
        Array<{ username: string; display_name: string; role: string; status: string; door_event_ids: number[] }>
      >('select username, display_name, role, status, door_event_ids from admins');
    expect(rows).toEqual([
      { username: 'admin', display_name: 'admin', role: 'owner', status: 'active', door_event_ids: [] },
    ]);
  });

  it('makes the first administrator an owner, and tells the dashboard who is signed in and what they may do', async () => {
    const me = await request(t.http).get('/api/admin/me').set('Authorization', owner).expect(200);
    expect(me.body).toMatchObject({ username: 'admin', displayName: 'admin', role: 'owner', doorEventIds: [] });
    expect(me.body.rights).toEqual(expect.arrayContaining(['staff', 'audit', 'payments:refund', 'queues', 'metrics']));
  });

  it('lets an owner create a staff account that signs in with its own password and sees only its rights', async () => {
    const created = await request(t.http)
      .post('/api/admin/staff')
      .set('Authorization', owner)
      .send({ username: ' Claire ', displayName: 'Claire', role: 'concierge', password: 'claire-password-1' })
      .expect(201);
    expect(created.body.data).toMatchObject({
      username: 'claire',
      displayName: 'Claire',
      role: 'concierge',
      status: 'active',
      doorEventIds: [],
    });
    expect(JSON.stringify(created.body)).not.toMatch(/password|argon/i);

    const claire = basic('claire', 'claire-password-1');
    const me = await request(t.http).get('/api/admin/me').set('Authorization', claire).expect(200);
    expect(me.body).toEqual({
      id: created.body.data.id,
      username: 'claire',
      displayName: 'Claire',
      role: 'concierge',
      rights: ['requests', 'members:read', 'vendors', 'applications'],
      doorEventIds: [],
    });
    await request(t.http).get('/api/admin/user-requests').set('Authorization', claire).expect(200);
    await request(t.http).get('/api/admin/staff').set('Authorization', claire).expect(403);

    const listed = await request(t.http).get('/api/admin/staff').set('Authorization', owner).expect(200);
    expect(listed.body.data.map((s: { username: string }) => s.username)).toEqual(['admin', 'claire']);
  });

  it('refuses a username already taken, and a short password, with readable messages', async () => {
    const taken = await request(t.http)
      .post('/api/admin/staff')
      .set('Authorization', owner)
      .send({ username: 'ADMIN', displayName: 'Another', role: 'events', password: 'another-password-1' })
      .expect(409);
    expect(taken.body).toMatchObject({ code: 'USERNAME_TAKEN' });
    const short = await request(t.http)
      .post('/api/admin/staff')
      .set('Authorization', owner)
      .send({ username: 'brief', displayName: 'Brief', role: 'events', password: 'short' })
      .expect(400);
    expect(short.body.fields.password).toBe('A password needs at least 12 characters (200 at most)');
  });

  it('never lets the last active owner be suspended or demoted, and allows it once another owner is active', async () => {
    const adminId = await staffIdOf('admin');
    for (const change of [{ status: 'suspended' }, { role: 'events' }]) {
      const refused = await request(t.http)
        .patch(`/api/admin/staff/${adminId}`)
        .set('Authorization', owner)
        .send(change)
        .expect(409);
      expect(refused.body).toMatchObject({ code: 'LAST_OWNER' });
    }
    // A suspended owner does not count.
    await asStaff(t, { username: 'dormant', password: 'dormant-password-1', role: 'owner' });
    const dormantId = await staffIdOf('dormant');
    await request(t.http)
      .patch(`/api/admin/staff/${dormantId}`)
      .set('Authorization', owner)
      .send({ status: 'suspended' })
      .expect(200);
    await request(t.http)
      .patch(`/api/admin/staff/${adminId}`)
      .set('Authorization', owner)
      .send({ role: 'events' })
      .expect(409);
    await request(t.http)
      .patch(`/api/admin/staff/${dormantId}`)
      .set('Authorization', owner)
      .send({ status: 'active' })
      .expect(200);
    const demoted = await request(t.http)
      .patch(`/api/admin/staff/${adminId}`)
      .set('Authorization', owner)
      .send({ role: 'events', displayName: 'Former owner' })
      .expect(200);
    expect(demoted.body.data).toMatchObject({ role: 'events', displayName: 'Former owner', status: 'active' });
    // The change holds at once: the former owner can no longer manage staff.
    await request(t.http).get('/api/admin/staff').set('Authorization', owner).expect(403);
  });

  it('refuses a suspended account at once, and lets it in again once reactivated', async () => {
    const steward = await asStaff(t, { username: 'steward', password: 'steward-password-1', role: 'events' });
    await request(t.http).get('/api/admin/me').set('Authorization', steward).expect(200);
    const id = await staffIdOf('steward');
    await request(t.http).patch(`/api/admin/staff/${id}`).set('Authorization', owner).send({ status: 'suspended' });
    // Its credentials were verified a moment ago, and still do not get it in.
    const refused = await request(t.http).get('/api/admin/me').set('Authorization', steward).expect(401);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    await request(t.http).get('/api/admin/auth').set('Authorization', steward).expect(401);
    await request(t.http).patch(`/api/admin/staff/${id}`).set('Authorization', owner).send({ status: 'active' });
    await request(t.http).get('/api/admin/me').set('Authorization', steward).expect(200);
  });

  it('resets a password: the new one works and the old one stops at once', async () => {
    const before = await asStaff(t, { username: 'warden', password: 'warden-password-1', role: 'concierge' });
    await request(t.http).get('/api/admin/me').set('Authorization', before).expect(200);
    const id = await staffIdOf('warden');
    await request(t.http)
      .post(`/api/admin/staff/${id}/password`)
      .set('Authorization', owner)
      .send({ password: 'warden-password-2' })
      .expect(200, { success: true });
    await request(t.http).get('/api/admin/me').set('Authorization', before).expect(401);
    await request(t.http).get('/api/admin/me').set('Authorization', basic('warden', 'warden-password-2')).expect(200);
  });

  it('locks out per account: failures on one account leave another account of the same address alone', async () => {
    const steward = await asStaff(t, { username: 'steward', password: 'steward-password-1', role: 'events' });
    for (let i = 0; i < 10; i++) {
      await request(t.http)
        .get('/api/admin/auth')
        .set('Authorization', basic('steward', `guess-${i}`))
        .expect(401);
    }
    await request(t.http).get('/api/admin/auth').set('Authorization', steward).expect(429);
    await request(t.http).get('/api/admin/auth').set('Authorization', owner).expect(200);
  });

  it('writes the audit log: sign-ins, failed sign-ins, accounts created and changed, roles, suspensions and password resets', async () => {
    const rows = async (targetId: string) =>
      t.orm.em.getConnection().execute<
        Array<{
          action: string;
          actor_name: string | null;
          actor_role: string | null;
          client_ip: string | null;
          changes: object;
        }>
      >(`select action, actor_name, actor_role, client_ip, changes from audit_log where target_id = ? order by id`, [targetId]);
    const adminId = await staffIdOf('admin');
    const created = await request(t.http)
      .post('/api/admin/staff')
      .set('Authorization', owner)
      .send({ username: 'auditee', displayName: 'Auditee', role: 'concierge', password: 'auditee-password-1' })
      .expect(201);
    const id = created.body.data.id as string;
    await request(t.http).patch(`/api/admin/staff/${id}`).set('Authorization', owner).send({ role: 'events' });
    await request(t.http).patch(`/api/admin/staff/${id}`).set('Authorization', owner).send({ status: 'suspended' });
    await request(t.http)
      .post(`/api/admin/staff/${id}/password`)
      .set('Authorization', owner)
      .send({ password: 'auditee-password-2' });
    await request(t.http)
      .get('/api/admin/auth')
      .set('Authorization', basic('auditee', 'auditee-password-2'))
      .expect(401);
    await request(t.http).get('/api/admin/auth').set('Authorization', basic('auditee', 'not-the-password')).expect(401);

    const written = await rows(id);
    expect(written.map((row) => row.action)).toEqual([
      'staff.create',
      'staff.update',
      'staff.update',
      'staff.password-reset',
      'staff.sign-in-failed',
      'staff.sign-in-failed',
    ]);
    expect(written[0]).toMatchObject({ actor_name: 'admin', actor_role: 'owner' });
    expect(written[0].client_ip).toBeTruthy();
    expect(written[0].changes).toMatchObject({ role: [null, 'concierge'], username: [null, 'auditee'] });
    expect(written[1].changes).toEqual({ role: ['concierge', 'events'] });
    expect(written[2].changes).toEqual({ status: ['active', 'suspended'] });
    expect(written[3].changes).toEqual({});
    expect(written[4]).toMatchObject({ actor_name: null, changes: { reason: [null, 'suspended'] } });
    expect(written[5].changes).toEqual({ reason: [null, 'wrong-password'] });
    expect(JSON.stringify(written)).not.toContain('auditee-password');

    await request(t.http).get('/api/admin/auth').set('Authorization', owner).expect(200);
    expect((await rows(adminId)).at(-1)).toMatchObject({
      action: 'staff.sign-in',
      actor_name: 'admin',
      actor_role: 'owner',
    });
  });

  it('shows a door account only its events, and refuses check-in at any other', async () => {
    const create = async (name: string) =>
      (
        await request(t.http)
          .post('/api/admin/events')
          .set('Authorization', owner)
          .send({ ...EVENT, name })
          .expect(201)
      ).body.data.id as number;
    const terrace = await create('Terrace Evening');
    const gala = await create('Winter Gala');
    const created = await request(t.http)
      .post('/api/admin/staff')
      .set('Authorization', owner)
      .send({
        username: 'door',
        displayName: 'Door',
        role: 'door',
        password: 'door-password-12',
        doorEventIds: [terrace],
      })
      .expect(201);
    expect(created.body.data.doorEventIds).toEqual([terrace]);
    const door = basic('door', 'door-password-12');
    const me = await request(t.http).get('/api/admin/me').set('Authorization', door).expect(200);
    expect(me.body).toMatchObject({ role: 'door', rights: ['check-in'], doorEventIds: [terrace] });

    const seen = await request(t.http).get('/api/admin/events?pageSize=500').set('Authorization', door).expect(200);
    expect(seen.body).toMatchObject({ total: 1, data: [{ id: terrace, name: 'Terrace Evening' }] });
    const all = await request(t.http).get('/api/admin/events?pageSize=500').set('Authorization', owner).expect(200);
    expect(all.body.total).toBe(2);

    await request(t.http).get(`/api/admin/events/${terrace}/check-in`).set('Authorization', door).expect(200);
    const refused = await request(t.http)
      .get(`/api/admin/events/${gala}/check-in`)
      .set('Authorization', door)
      .expect(403);
    expect(refused.body.code).toBe('FORBIDDEN_FOR_ROLE');
    await request(t.http).get('/api/admin/event-defaults').set('Authorization', door).expect(403);

    // The owner gives the door the gala too; it applies at once.
    const id = await staffIdOf('door');
    await request(t.http)
      .patch(`/api/admin/staff/${id}`)
      .set('Authorization', owner)
      .send({ doorEventIds: [terrace, gala] })
      .expect(200);
    await request(t.http).get(`/api/admin/events/${gala}/check-in`).set('Authorization', door).expect(200);
  });
});
