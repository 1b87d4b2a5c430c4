import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { VendorsService } from '../src/modules/vendors/vendors.service';
import { asAdmin, TEST_ADMIN } from './support/admin';
import { createTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/eventually';

const ritz = {
  name: 'Ritz Paris',
  category: 'hotels',
  subcategory: 'luxury-hotels',
  description: 'Palace hotel on Place Vendôme.',
  address: '15 Place Vendôme',
  city: 'Paris',
  state: 'IDF',
  zipCode: '75001',
  country: 'France',
  googlePlaceId: 'local:ritz-paris',
  website: 'https://www.ritzparis.com',
  contactName: 'Claire Dubois',
  contactEmail: 'claire@ritzparis.example',
  contactPhone: '+33 1 43 16 30 30',
  onboardingStep: 3,
  notes: 'Prefers email.',
  location: { lat: 48.8681, lng: 2.329 },
};

describe('Admin vendors', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password } });
  });
  beforeEach(async () => {
    await t.reset();
    admin = await asAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (body: object) => request(t.http).post('/api/admin/vendors').set('Authorization', admin).send(body);

  it('adds a vendor and answers it whole, pending by default, with its location', async () => {
    const response = await create(ritz).expect(201);
    expect(response.body.data).toMatchObject({
      id: expect.any(Number),
      name: 'Ritz Paris',
      category: 'hotels',
      subcategory: 'luxury-hotels',
      address: '15 Place Vendôme',
      city: 'Paris',
      zipCode: '75001',
      country: 'France',
      googlePlaceId: 'local:ritz-paris',
      contactEmail: 'claire@ritzparis.example',
      status: 'pending',
      onboardingStep: 3,
      notes: 'Prefers email.',
      lat: 48.8681,
      lng: 2.329,
      location: { lat: 48.8681, lng: 2.329 },
    });
  });

  it('fills the country with United States when none is given', async () => {
    const response = await create({ name: 'Le Bernardin', category: 'restaurants' }).expect(201);
    expect(response.body.data).toMatchObject({ country: 'United States', status: 'pending', onboardingStep: 1 });
  });

  it('takes placeId as the place id, the name the approval flow uses', async () => {
    const response = await create({ name: 'Per Se', category: 'restaurants', placeId: 'local:per-se-new-york' }).expect(
      201,
    );
    expect(response.body.data.googlePlaceId).toBe('local:per-se-new-york');
  });

  it.each([
    [{ name: '' }, 'Vendor name is required'],
    [{ name: '   ' }, 'Vendor name is required'],
    [{ name: undefined }, 'Vendor name is required'],
    [{ name: 42 }, 'Vendor name is required'],
    [{ name: null }, 'Vendor name is required'],
    [{ category: '' }, 'Category is required'],
    [{ category: undefined }, 'Category is required'],
    [{ category: 'casinos' }, 'Category not found'],
    [{ subcategory: 'michelin' }, 'Subcategory not found in this category'],
    [{ status: 'archived' }, 'Status must be pending, active or inactive'],
    [{ onboardingStep: 4 }, 'Onboarding step must be 1, 2 or 3'],
    [{ onboardingStep: 0 }, 'Onboarding step must be 1, 2 or 3'],
    [{ contactEmail: 'not-an-email' }, 'Please enter a valid email address'],
    [{ location: { lat: 123, lng: 2 } }, 'Latitude must be between -90 and 90'],
  ])('refuses %j with "%s"', async (change, message) => {
    const response = await create({ ...ritz, ...change }).expect(400);
    expect(response.body).toMatchObject({ success: false, error: message });
    const [{ count }] = await t.orm.em.getConnection().execute('select count(*)::int as count from vendors');
    expect(count).toBe(0);
  });

  it('lists vendors newest first, a page at a time, with the total', async () => {
    for (const name of ['Alpha', 'Bravo', 'Charlie']) await create({ name, category: 'other' }).expect(201);
    const all = await request(t.http).get('/api/admin/vendors').set('Authorization', admin).expect(200);
    expect(all.body.total).toBe(3);
    expect(all.body.data.map((v: { name: string }) => v.name)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    const page = await request(t.http)
      .get('/api/admin/vendors?page=2&pageSize=2')
      .set('Authorization', admin)
      .expect(200);
    expect(page.body).toMatchObject({ total: 3, data: [{ name: 'Alpha' }] });
    await request(t.http).get('/api/admin/vendors?page=0').set('Authorization', admin).expect(400);
  });

  it('updates a vendor: status, step, category (dropping a subcategory of the old one)', async () => {
    const { body } = await create(ritz).expect(201);
    const id = body.data.id;
    const updated = await request(t.http)
      .patch(`/api/admin/vendors/${id}`)
      .set('Authorization', admin)
      .send({ status: 'active', onboardingStep: 2, category: 'wellness' })
      .expect(200);
    expect(updated.body.data).toMatchObject({
      id,
      status: 'active',
      onboardingStep: 2,
      category: 'wellness',
      subcategory: null,
      name: 'Ritz Paris',
    });
    const cleared = await request(t.http)
      .patch(`/api/admin/vendors/${id}`)
      .set('Authorization', admin)
      .send({ notes: '', country: '' })
      .expect(200);
    expect(cleared.body.data).toMatchObject({ notes: null, country: 'United States' });
  });

  it('refuses an update that empties the name or the category', async () => {
    const { body } = await create(ritz).expect(201);
    const noName = await request(t.http)
      .patch(`/api/admin/vendors/${body.data.id}`)
      .set('Authorization', admin)
      .send({ name: '' })
      .expect(400);
    expect(noName.body.error).toBe('Vendor name is required');
    const noCategory = await request(t.http)
      .patch(`/api/admin/vendors/${body.data.id}`)
      .set('Authorization', admin)
      .send({ category: '' })
      .expect(400);
    expect(noCategory.body.error).toBe('Category is required');
    const nullName = await request(t.http)
      .patch(`/api/admin/vendors/${body.data.id}`)
      .set('Authorization', admin)
      .send({ name: null })
      .expect(400);
    expect(nullName.body.error).toBe('Vendor name is required');
  });

  it('answers 404 for a vendor that does not exist', async () => {
    await request(t.http)
      .patch('/api/admin/vendors/999999')
      .set('Authorization', admin)
      .send({ notes: 'x' })
      .expect(404);
    await request(t.http).patch('/api/admin/vendors/abc').set('Authorization', admin).send({ notes: 'x' }).expect(404);
    await request(t.http)
      .patch('/api/admin/vendors/99999999999')
      .set('Authorization', admin)
      .send({ notes: 'x' })
      .expect(404);
  });

  it('answers 401 without administrator credentials', async () => {
    await request(t.http).get('/api/admin/vendors').expect(401);
    await request(t.http).post('/api/admin/vendors').send(ritz).expect(401);
    await request(t.http).patch('/api/admin/vendors/1').send({ notes: 'x' }).expect(401);
  });

  it('offers the active vendors to other modules', async () => {
    const a = (await create({ name: 'Active Spa', category: 'wellness', status: 'active' }).expect(201)).body.data;
    await create({ name: 'Pending Spa', category: 'wellness' }).expect(201);
    await create({ name: 'Active Hotel', category: 'hotels', status: 'active' }).expect(201);
    const service = t.app.get(VendorsService);
    expect((await service.listActive()).map((v) => v.name)).toEqual(['Active Hotel', 'Active Spa']);
    expect((await service.listActive({ category: 'wellness' })).map((v) => v.id)).toEqual([a.id]);
  });

  it('offers a partner another api process activated within ACTIVE_REFRESH_MS, keeping the list in hand meanwhile', async () => {
    const spa = (await create({ name: 'Pending Spa', category: 'wellness' }).expect(201)).body.data;
    const service = t.app.get(VendorsService);
    expect(await service.listActive({ category: 'wellness' })).toEqual([]);
    // Written the way another process's write arrives here: not through this process's ORM events.
    await t.app.get(MikroORM).em.getConnection().execute(`update vendors set status = 'active' where id = ?`, [spa.id]);
    // Polled on a timer: the refresh is due after ACTIVE_REFRESH_MS, so a list that never refreshes
    // keeps answering [] until the test's own timeout.
    await eventually(
      async () =>
        expect((await service.listActive({ category: 'wellness' })).map((v) => v.name)).toEqual(['Pending Spa']),
      { timeoutMs: Infinity, everyMs: 100 },
    );
  }, 30_000);
});

describe('GET /api/vendor-taxonomy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the service category catalogue with the subcategories the guessing rules name', async () => {
    const response = await request(t.http).get('/api/vendor-taxonomy').expect(200);
    const categories = response.body.data.categories as Array<{
      id: string;
      name: string;
      description: string;
      subcategories: Array<{ id: string }>;
    }>;
    expect(categories.map((c) => [c.id, c.name])).toEqual([
      ['restaurants', 'Restaurants & Dining'],
      ['hotels', 'Luxury Accommodations'],
      ['wellness', 'Wellness & Spa'],
      ['fashion', 'Fashion & Retail'],
      ['experiences', 'Exclusive Experiences'],
      ['transportation', 'Premium Transportation'],
      ['other', 'Other Luxury Services'],
    ]);
    const subs = (id: string) => categories.find((c) => c.id === id)!.subcategories.map((s) => s.id);
    expect(subs('restaurants')).toEqual(expect.arrayContaining(['fine-dining', 'bistro', 'specialty', 'michelin']));
    expect(subs('hotels')).toEqual(
      expect.arrayContaining(['five-star', 'boutique', 'resorts', 'villas', 'luxury-hotels']),
    );
    expect(subs('wellness')).toContain('luxury-spa');
    expect(subs('fashion')).toContain('luxury-retail');
    expect(categories.every((c) => c.description.length > 0)).toBe(true);
    expect(response.body.data.applicationCategories.map((c: { value: string }) => c.value)).toEqual([
      'restaurant',
      'hotel',
      'event_space',
      'spa',
      'nightlife',
      'shopping',
      'experience',
      'transportation',
      'art_gallery',
      'entertainment',
      'catering',
      'flowers',
      'photography',
      'music',
      'other',
    ]);
  });
});
