import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MemberSessionsService } from '../src/modules/members';
import { PreferencesService } from '../src/modules/preferences';
import { asStaff } from './support/admin';
import { createTestApp, type TestApp } from './support/test-app';

const PASSWORD = 'house-password-for-memory';
const PREFS = '/api/members/me/preferences';

/** Issue 30, section 1: preferences remembered, in the member's hands; staff see and add to them. */
describe('What we remember (member preferences)', () => {
  let t: TestApp;
  let concierge: string;
  let events: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { CONCIERGE_PASSWORD: PASSWORD } });
  });
  beforeEach(async () => {
    await t.reset();
    concierge = await asStaff(t, {
      username: 'sophie',
      password: 'sophie-password-123',
      role: 'concierge',
      displayName: 'Sophie',
    });
    events = await asStaff(t, { username: 'eve', password: 'eve-password-1234', role: 'events' });
  });
  afterAll(async () => {
    await t.close();
  });

  const sql = <T extends object>(query: string, params: unknown[] = []) =>
    t.orm.em.getConnection().execute<T[]>(query, params);

  /** An active member signed in on one device: their id and the `mf_member` cookie. */
  async function member(name = 'Grace Kelly'): Promise<{ id: string; cookie: string }> {
    const id = randomUUID();
    await sql(
      `insert into members (id, name, email, tier, status, joined_at) values (?, ?, ?, 'patron', 'active', now())`,
      [id, name, `${id}@example.com`],
    );
    const session = await t.app.get(MemberSessionsService).issue(t.orm.em.fork(), id, 'Mozilla/5.0 Chrome/131');
    return { id, cookie: `mf_member=${session.token}` };
  }

  const as = (cookie: string) => ({
    get: (path: string) => request(t.http).get(path).set('Cookie', cookie),
    post: (path: string, body: object) => request(t.http).post(path).set('Cookie', cookie).send(body),
    patch: (path: string, body: object) => request(t.http).patch(path).set('Cookie', cookie).send(body),
    put: (path: string, body: object) => request(t.http).put(path).set('Cookie', cookie).send(body),
    delete: (path: string) => request(t.http).delete(path).set('Cookie', cookie),
  });

  it('lets a member add, change, forget one and forget everything', async () => {
    const grace = await member();
    const me = as(grace.cookie);
    expect((await me.get(PREFS).expect(200)).body).toEqual({ data: { paused: false, entries: [] } });

    const terraces = (await me.post(PREFS, { kind: 'seating', value: '  Terraces ' }).expect(201)).body.data;
    expect(terraces).toMatchObject({ kind: 'seating', value: 'Terraces', source: 'member', sensitive: false });
    const allergy = (await me.post(PREFS, { kind: 'allergies', value: 'Shellfish' }).expect(201)).body.data;
    expect(allergy).toMatchObject({ kind: 'allergies', sensitive: true, source: 'member' });
    // The same words of the same kind are kept once.
    const again = (await me.post(PREFS, { kind: 'seating', value: 'terraces' }).expect(201)).body.data;
    expect(again.id).toBe(terraces.id);

    const changed = await me.patch(`${PREFS}/${terraces.id}`, { value: 'Terraces, never by the door' }).expect(200);
    expect(changed.body.data).toMatchObject({ id: terraces.id, value: 'Terraces, never by the door' });

    const list = (await me.get(PREFS).expect(200)).body.data.entries as Array<{ kind: string; value: string }>;
    // In the order of the kinds: allergies before seating.
    expect(list.map((e) => [e.kind, e.value])).toEqual([
      ['allergies', 'Shellfish'],
      ['seating', 'Terraces, never by the door'],
    ]);

    await me.delete(`${PREFS}/${allergy.id}`).expect(200, { success: true });
    await me.delete(`${PREFS}/${allergy.id}`).expect(404);
    expect((await me.get(PREFS)).body.data.entries).toHaveLength(1);

    await me.delete(PREFS).expect(200, { success: true });
    expect((await me.get(PREFS)).body.data.entries).toEqual([]);
  });

  it('refuses bad input with readable messages and codes', async () => {
    const me = as((await member()).cookie);
    const unknown = await me.post(PREFS, { kind: 'horoscope', value: 'Leo' }).expect(400);
    expect(unknown.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { kind: 'Please choose what this is about' },
    });
    const empty = await me.post(PREFS, { kind: 'seating', value: '   ' }).expect(400);
    expect(empty.body.fields).toEqual({ value: 'Please say what we should remember' });
    await me.post(PREFS, { kind: 'seating', value: 'x'.repeat(301) }).expect(400);
    await me.put(`${PREFS}/paused`, { paused: 'yes' }).expect(400);
    await me.patch(`${PREFS}/not-a-uuid`, { value: 'Terraces' }).expect(404);
  });

  it('keeps each member’s entries their own', async () => {
    const grace = await member('Grace Kelly');
    const cary = await member('Cary Grant');
    const kept = (await as(grace.cookie).post(PREFS, { kind: 'brands', value: 'Hermès' }).expect(201)).body.data;
    await as(cary.cookie).patch(`${PREFS}/${kept.id}`, { value: 'Mine now' }).expect(404);
    await as(cary.cookie).delete(`${PREFS}/${kept.id}`).expect(404);
    await as(cary.cookie).delete(PREFS).expect(200);
    expect((await as(grace.cookie).get(PREFS)).body.data.entries).toEqual([
      expect.objectContaining({ value: 'Hermès' }),
    ]);
    expect((await as(cary.cookie).get(PREFS)).body.data.entries).toEqual([]);
  });

  it('answers a house-password session 403 MEMBERS_ONLY, and no session 401', async () => {
    const auth = await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(200);
    const house = ([] as string[])
      .concat(auth.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('mf_concierge='))!
      .split(';')[0];
    const refused = await as(house).get(PREFS).expect(403);
    expect(refused.body).toMatchObject({ success: false, code: 'MEMBERS_ONLY' });
    await as(house).post(PREFS, { kind: 'seating', value: 'Terraces' }).expect(403);
    const anonymous = await request(t.http).get(PREFS).expect(401);
    expect(anonymous.body.code).toBe('MEMBER_SIGNED_OUT');
  });

  it('stops remembering from the chat while paused, and still uses what is kept', async () => {
    const grace = await member();
    const preferences = t.app.get(PreferencesService);
    const messageId = randomUUID();
    const kept = await preferences.remember(grace.id, {
      kind: 'flights',
      value: 'Never flies before 10:00',
      source: 'chat',
      sourceMessageId: messageId,
    });
    expect(kept).toMatchObject({ source: 'chat', sourceMessageId: messageId });

    const paused = await as(grace.cookie).put(`${PREFS}/paused`, { paused: true }).expect(200);
    expect(paused.body.data.paused).toBe(true);
    expect(await preferences.isPaused(grace.id)).toBe(true);
    expect(await preferences.remember(grace.id, { kind: 'seating', value: 'Terraces', source: 'chat' })).toBeNull();
    // The member's own words are kept whatever the switch says.
    await as(grace.cookie).post(PREFS, { kind: 'seating', value: 'Booths' }).expect(201);
    expect(await preferences.forModel(grace.id)).toEqual([
      { kind: 'seating', label: 'Seating', value: 'Booths' },
      { kind: 'flights', label: 'Flights and cabin', value: 'Never flies before 10:00' },
    ]);

    await as(grace.cookie).put(`${PREFS}/paused`, { paused: false }).expect(200);
    expect(await preferences.remember(grace.id, { kind: 'seating', value: 'Terraces', source: 'chat' })).not.toBeNull();
  });

  it('shows staff the profile with their own notes, which never reach the member or the model', async () => {
    const grace = await member();
    await as(grace.cookie).post(PREFS, { kind: 'seating', value: 'Terraces' }).expect(201);
    const staff = (path: string) => request(t.http).post(path).set('Authorization', concierge);

    const added = await staff(`/api/admin/members/${grace.id}/preferences`)
      .send({ kind: 'hotels', value: 'High floor, away from the lift' })
      .expect(201);
    expect(added.body.data).toMatchObject({ source: 'staff', staffName: 'Sophie', kind: 'hotels' });
    const note = await staff(`/api/admin/members/${grace.id}/notes`)
      .send({ text: 'Tips generously; never seat near the Hallidays' })
      .expect(201);
    expect(note.body.data).toMatchObject({
      authorName: 'Sophie',
      text: 'Tips generously; never seat near the Hallidays',
    });

    const profile = await request(t.http)
      .get(`/api/admin/members/${grace.id}/profile`)
      .set('Authorization', concierge)
      .expect(200);
    expect(profile.body.data.paused).toBe(false);
    expect(profile.body.data.entries.map((e: { value: string }) => e.value)).toEqual([
      'Terraces',
      'High floor, away from the lift',
    ]);
    expect(profile.body.data.notes).toEqual([expect.objectContaining({ authorName: 'Sophie' })]);

    const seen = JSON.stringify((await as(grace.cookie).get(PREFS).expect(200)).body);
    expect(seen).toContain('High floor');
    expect(seen).not.toContain('Hallidays');
    expect(JSON.stringify(await t.app.get(PreferencesService).forModel(grace.id))).not.toContain('Hallidays');

    // The audit log keeps who and what kind, never the words.
    const rows = await sql<{ action: string; actor_name: string; changes: object }>(
      `select action, actor_name, changes from audit_log where target_id = ? order by id`,
      [grace.id],
    );
    expect(rows.map((r) => [r.action, r.actor_name])).toEqual([
      ['member.preference-add', 'Sophie'],
      ['member.note-add', 'Sophie'],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/High floor|Hallidays/);
  });

  it('names the member on the desk’s request, so staff open the profile from it', async () => {
    const grace = await member();
    const threadId = randomUUID();
    const requestId = randomUUID();
    await sql(`insert into concierge_threads (id, session_id, title) values (?, ?, 'Dinner')`, [
      threadId,
      `member:${grace.id}`,
    ]);
    await sql(
      `insert into user_requests (id, session_id, thread_id, text, status) values (?, ?, ?, 'Dinner in Paris', 'received')`,
      [requestId, `member:${grace.id}`, threadId],
    );
    const detail = await request(t.http)
      .get(`/api/admin/user-requests/${requestId}`)
      .set('Authorization', concierge)
      .expect(200);
    expect(detail.body.data.member).toEqual({ id: grace.id, name: 'Grace Kelly', tier: 'patron' });
  });

  it('lets only the roles with the requests right read or add to a profile', async () => {
    const grace = await member();
    const forbidden = await request(t.http)
      .get(`/api/admin/members/${grace.id}/profile`)
      .set('Authorization', events)
      .expect(403);
    expect(forbidden.body.code).toBe('FORBIDDEN_FOR_ROLE');
    await request(t.http)
      .post(`/api/admin/members/${grace.id}/notes`)
      .set('Authorization', events)
      .send({ text: 'A note' })
      .expect(403);
    await request(t.http).get(`/api/admin/members/${randomUUID()}/profile`).set('Authorization', concierge).expect(404);
    await request(t.http)
      .post(`/api/admin/members/${randomUUID()}/preferences`)
      .set('Authorization', concierge)
      .send({ kind: 'seating', value: 'Terraces' })
      .expect(404);
  });

  it('forgets everything of a member whose account goes, and only theirs', async () => {
    const grace = await member('Grace Kelly');
    const cary = await member('Cary Grant');
    for (const who of [grace, cary])
      await as(who.cookie).post(PREFS, { kind: 'seating', value: 'Terraces' }).expect(201);
    await request(t.http)
      .post(`/api/admin/members/${grace.id}/notes`)
      .set('Authorization', concierge)
      .send({ text: 'A note' })
      .expect(201);
    await as(grace.cookie).put(`${PREFS}/paused`, { paused: true }).expect(200);
    await sql('delete from members where id = ?', [grace.id]);
    const left = await sql<{ member_id: string }>(
      `select member_id from member_preferences union all select member_id from member_staff_notes
       union all select member_id from member_memory_settings`,
    );
    expect(left).toEqual([{ member_id: cary.id }]);
  });
});
