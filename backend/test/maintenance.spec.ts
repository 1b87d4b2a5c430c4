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
      code: 'MAINTENANCE',
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

  const application = {
    name: 'Maison Lumière',
    contactName: 'Élise Martin',
    email: 'elise@maisonlumiere.example',
    phone: '+1 305 555 0199',
    description: 'Private dining and event space overlooking Biscayne Bay.',
    categories: ['event_space'],
    address: '1200 Brickell Bay Drive',
    city: 'Miami',
    state: 'FL',
    zipCode: '33131',
    termsAccepted: true,
    bot_check: '',
  };
  const switchTo = (enabled: boolean) =>
    request(t.http).put('/api/admin/maintenance').set('Authorization', auth).send({ enabled }).expect(200);
  const count = async (table: string) => {
    const [row] = await t.orm.em
      .getConnection()
      .execute<Array<{ count: number }>>(`select count(*)::int as count from ${table}`);
    return row.count;
  };

  it('refuses a vendor application with a readable 503 while on, and takes it again once off', async () => {
    await switchTo(true);
    const refused = await request(t.http).post('/api/vendor-applications').send(application).expect(503);
    expect(refused.body).toEqual({
      success: false,
      error: 'We are performing scheduled maintenance. Please try again shortly.',
      code: 'MAINTENANCE',
    });
    expect(await count('vendor_applications')).toBe(0);
    expect(await count('outbox_messages')).toBe(0);

    await switchTo(false);
    await request(t.http).post('/api/vendor-applications').send(application).expect(201);
    expect(await count('vendor_applications')).toBe(1);
  });

  it('keeps admin writes working while on: adding a vendor and approving an application', async () => {
    await request(t.http).post('/api/vendor-applications').send(application).expect(201);
    const [{ id }] = await t.orm.em
      .getConnection()
      .execute<Array<{ id: number }>>('select id from vendor_applications');
    await switchTo(true);

    const created = await request(t.http)
      .post('/api/admin/vendors')
      .set('Authorization', auth)
      .send({ name: 'Villa Serena Spa', category: 'wellness', city: 'Miami Beach' })
      .expect(201);
    expect(created.body.data).toMatchObject({ name: 'Villa Serena Spa', status: 'pending' });
    await request(t.http)
      .patch(`/api/admin/vendors/${created.body.data.id}`)
      .set('Authorization', auth)
      .send({ status: 'active' })
      .expect(200);

    const approved = await request(t.http)
      .patch(`/api/admin/vendor-applications/${id}`)
      .set('Authorization', auth)
      .send({ status: 'approved', adminNotes: 'Approved by admin' })
      .expect(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', vendor: { name: 'Maison Lumière' } });
    expect(await count('vendors')).toBe(2);
    await request(t.http).get('/api/status').expect(200, { maintenance: true });
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
      .expect(401, { success: false, error: 'Invalid credentials', code: 'UNAUTHORIZED' });
    await request(t.http).get('/api/status').expect(200, { maintenance: false });
  });

  it.each([
    [{}, 'Maintenance mode must be turned on (true) or off (false)'],
    [{ enabled: 'yes' }, 'Maintenance mode must be turned on (true) or off (false)'],
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
    expect(names).toEqual(
      ['email', 'image-generation', 'maintenance', 'member-messages', 'request-parsing', 'stripe-webhooks'].sort(),
    );
  });
});
