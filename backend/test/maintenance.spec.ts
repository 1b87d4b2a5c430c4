import request from 'supertest';
import { asAdmin, basic } from './support/admin';
import { createTestApp, type TestApp } from './support/test-app';

describe('Maintenance mode', () => {
  let t: TestApp;
  let auth: string;

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    auth = await asAdmin(t);
  });
  afterEach(async () => {
    await request(t.http).put('/api/admin/maintenance').set('Authorization', auth).send({ enabled: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const signUp = { email: 'guest@example.com', consent: true, bot_check: '' };

  it('is off by default', async () => {
    await request(t.http).get('/api/status').expect(200, { maintenance: false });
  });

  it('when switched on, refuses public writes with a readable 503 and keeps admin calls working', async () => {
    await request(t.http)
      .put('/api/admin/maintenance')
      .set('Authorization', auth)
      .send({ enabled: true })
      .expect(200, { success: true, maintenance: true });
    await request(t.http).get('/api/status').expect(200, { maintenance: true });

    const refused = await request(t.http).post('/api/waitlist').send(signUp).expect(503);
    expect(refused.body).toEqual({
      success: false,
      error: 'We are performing scheduled maintenance. Please try again shortly.',
    });
    const [{ count }] = await t.orm.em
      .getConnection()
      .execute<Array<{ count: number }>>('select count(*)::int as count from waitlist_entries');
    expect(count).toBe(0);

    await request(t.http).get('/api/admin/auth').set('Authorization', auth).expect(200);
    await request(t.http).get('/api/admin/waitlist').set('Authorization', auth).expect(200);
    await request(t.http).get('/api/admin/maintenance').set('Authorization', auth).expect(200, { maintenance: true });

    await request(t.http).put('/api/admin/maintenance').set('Authorization', auth).send({ enabled: false }).expect(200);
    await request(t.http).get('/api/status').expect(200, { maintenance: false });
    await request(t.http).post('/api/waitlist').send(signUp).expect(200);
  });

  it('is kept in PostgreSQL, so it survives a restart', async () => {
    await request(t.http).put('/api/admin/maintenance').set('Authorization', auth).send({ enabled: true }).expect(200);
    const [row] = await t.orm.em
      .getConnection()
      .execute<Array<{ value: { enabled: boolean } }>>(`select value from site_settings where key = 'maintenance'`);
    expect(row.value).toEqual({ enabled: true });
    const other = await createTestApp();
    try {
      await request(other.http).get('/api/status').expect(200, { maintenance: true });
    } finally {
      await other.close();
    }
  });

  it('can only be switched by an administrator', async () => {
    await request(t.http).put('/api/admin/maintenance').send({ enabled: true }).expect(401);
    await request(t.http)
      .put('/api/admin/maintenance')
      .set('Authorization', basic('admin', 'wrong-password'))
      .send({ enabled: true })
      .expect(401, { success: false, error: 'Invalid credentials' });
    await request(t.http).get('/api/status').expect(200, { maintenance: false });
  });

  it.each([
    [{}, 'enabled is required'],
    [{ enabled: 'yes' }, 'enabled must be true or false'],
  ])('refuses %j with a readable 400', async (body, message) => {
    const response = await request(t.http)
      .put('/api/admin/maintenance')
      .set('Authorization', auth)
      .send(body)
      .expect(400);
    expect(response.body.error).toBe(message);
  });
});

describe('Queue dashboard', () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await createTestApp();
    auth = await asAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks the browser for credentials at /admin/queues', async () => {
    const response = await request(t.http).get('/admin/queues').expect(401);
    expect(response.headers['www-authenticate']).toBe('Basic realm="Maison Fortuna Operators", charset="UTF-8"');
    await request(t.http).get('/admin/queues').set('Authorization', basic('admin', 'nope-nope')).expect(401);
    await request(t.http).get('/admin/queues/api/queues').expect(401);
  });

  it('shows every queue to the administrator', async () => {
    const page = await request(t.http).get('/admin/queues').set('Authorization', auth).expect(200);
    expect(page.text).toContain('<div id="root">');
    const api = await request(t.http).get('/admin/queues/api/queues').set('Authorization', auth).expect(200);
    const names = (api.body.queues as Array<{ name: string }>).map((q) => q.name).sort();
    expect(names).toEqual(['email', 'image-generation', 'maintenance', 'request-parsing', 'stripe-webhooks'].sort());
  });
});
