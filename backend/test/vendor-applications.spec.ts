import request from 'supertest';
import { asAdmin, TEST_ADMIN } from './support/admin';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

const valid = {
  name: 'Maison Lumière',
  contactName: 'Élise Martin',
  email: 'Elise@MaisonLumiere.example ',
  phone: '+1 305 555 0199',
  website: 'maisonlumiere.example',
  description: 'Private dining and event space overlooking Biscayne Bay.',
  categories: ['event_space', 'restaurant'],
  address: '1200 Brickell Bay Drive',
  city: 'Miami',
  state: 'FL',
  zipCode: '33131',
  placeId: 'local:maison-lumiere',
  location: { lat: 25.7617, lng: -80.1918 },
  termsAccepted: true,
  bot_check: '',
};

describe('Vendor applications', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      worker: true,
      env: {
        SMTP_URL: smtp.url,
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        ADMIN_NOTIFY_EMAIL: 'partners@maisonfortuna.example',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '5',
      },
    });
  });
  beforeEach(async () => {
    await t.reset();
    smtp.received.length = 0;
    admin = await asAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const sql = <T = Record<string, unknown>>(query: string) => t.orm.em.getConnection().execute<T[]>(query);
  const submit = (body: object) => request(t.http).post('/api/vendor-applications').send(body);
  const decide = (id: number, body: object) =>
    request(t.http).patch(`/api/admin/vendor-applications/${id}`).set('Authorization', admin).send(body);
  const submitted = async () => {
    await submit(valid).expect(201);
    const [row] = await sql<{ id: number }>('select id from vendor_applications');
    return row.id;
  };

  describe('POST /api/vendor-applications', () => {
    it('stores an application, pending, the email lower-cased and the website made absolute', async () => {
      const response = await submit({ ...valid, additionalInfo: 'Seats 120 guests.' }).expect(201);
      expect(response.body).toEqual({ success: true });
      const [row] = await sql('select * from vendor_applications');
      expect(row).toMatchObject({
        name: 'Maison Lumière',
        contact_name: 'Élise Martin',
        email: 'elise@maisonlumiere.example',
        phone: '+1 305 555 0199',
        website: 'https://maisonlumiere.example',
        categories: ['event_space', 'restaurant'],
        address: '1200 Brickell Bay Drive',
        city: 'Miami',
        state: 'FL',
        zip_code: '33131',
        place_id: 'local:maison-lumiere',
        lat: 25.7617,
        lng: -80.1918,
        additional_info: 'Seats 120 guests.',
        status: 'pending',
        admin_notes: null,
      });
    });

    it('accepts an application without website, place or location', async () => {
      const { website: _w, placeId: _p, location: _l, ...rest } = valid;
      await submit({ ...rest, website: '' }).expect(201);
      const [row] = await sql('select website, place_id, lat from vendor_applications');
      expect(row).toEqual({ website: null, place_id: null, lat: null });
    });

    it.each([
      [{ name: 'M' }, 'name', 'Business name must be at least 2 characters'],
      [{ name: undefined }, 'name', 'Business name must be at least 2 characters'],
      [{ contactName: ' E ' }, 'contactName', 'Contact name must be at least 2 characters'],
      [{ description: 'Too short to say.' }, 'description', 'Description must be at least 20 characters'],
      [{ email: 'elise@' }, 'email', 'Please enter a valid email address'],
      [{ email: undefined }, 'email', 'Please enter a valid email address'],
      [{ phone: '555 0199' }, 'phone', 'Please enter a valid phone number'],
      [{ address: '12 B' }, 'address', 'Address must be at least 5 characters'],
      [{ city: 'M' }, 'city', 'City must be at least 2 characters'],
      [{ state: 'F' }, 'state', 'State must be at least 2 characters'],
      [{ zipCode: '3313' }, 'zipCode', 'ZIP code must be at least 5 characters'],
      [{ website: 'not a url' }, 'website', 'Please enter a valid URL'],
      [{ website: 'ftp://files.example.com' }, 'website', 'Please enter a valid URL'],
      [{ categories: [] }, 'categories', 'Please select at least one category'],
      [{ categories: undefined }, 'categories', 'Please select at least one category'],
      [{ categories: 'hotel' }, 'categories', 'Please select at least one category'],
      [{ categories: ['casino'] }, 'categories', 'Please select categories from the list'],
      [{ termsAccepted: false }, 'termsAccepted', 'You must accept the terms and conditions'],
      [{ termsAccepted: undefined }, 'termsAccepted', 'You must accept the terms and conditions'],
      [{ location: { lat: 'north', lng: 2 } }, 'location.lat', 'Latitude must be a number'],
    ])('refuses %j: %s "%s"', async (change, field, message) => {
      const response = await submit({ ...valid, ...change }).expect(400);
      expect(response.body).toMatchObject({ success: false, error: message });
      expect(response.body.fields[field]).toBe(message);
      expect(await sql('select id from vendor_applications')).toHaveLength(0);
    });

    it('reports every invalid field at once for the form', async () => {
      const response = await submit({ termsAccepted: false }).expect(400);
      expect(Object.keys(response.body.fields).sort()).toEqual(
        [
          'address',
          'categories',
          'city',
          'contactName',
          'description',
          'email',
          'name',
          'phone',
          'state',
          'termsAccepted',
          'zipCode',
        ].sort(),
      );
    });

    it('answers success to a filled honeypot and stores nothing, even with bad fields', async () => {
      await submit({ ...valid, bot_check: 'https://spam.example' }).expect(201, { success: true });
      await submit({ bot_check: 'x' }).expect(201, { success: true });
      await t.drain();
      expect(await sql('select id from vendor_applications')).toHaveLength(0);
      expect(smtp.received).toHaveLength(0);
    });

    it('rate limits one address with a readable 429', async () => {
      for (let i = 0; i < 5; i += 1) await submit(valid).expect(201);
      const limited = await submit(valid).expect(429);
      expect(limited.body.error).toBe('Too many requests from your connection. Please wait a minute and try again.');
      expect(await sql('select id from vendor_applications')).toHaveLength(5);
    });

    it('tells the administrators once, by email through the outbox', async () => {
      await submit(valid).expect(201);
      await t.drain();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual(['partners@maisonfortuna.example']);
      expect(smtp.received[0].raw).toContain('New Vendor Application');
      expect(smtp.received[0].raw).toContain('elise@maisonlumiere.example');
      const [delivery] = await sql('select status, kind, recipient from email_deliveries');
      expect(delivery).toEqual({
        status: 'sent',
        kind: 'vendor-application.notify',
        recipient: 'partners@maisonfortuna.example',
      });
    });
  });

  describe('admin', () => {
    it('lists applications newest first with the total', async () => {
      await submit(valid).expect(201);
      await submit({ ...valid, name: 'Second Business' }).expect(201);
      const response = await request(t.http)
        .get('/api/admin/vendor-applications')
        .set('Authorization', admin)
        .expect(200);
      expect(response.body.total).toBe(2);
      expect(response.body.data[0]).toMatchObject({
        name: 'Second Business',
        contactName: 'Élise Martin',
        email: 'elise@maisonlumiere.example',
        categories: ['event_space', 'restaurant'],
        location: { lat: 25.7617, lng: -80.1918 },
        status: 'pending',
        adminNotes: null,
        createdAt: expect.any(String),
      });
      const page = await request(t.http)
        .get('/api/admin/vendor-applications?page=2&pageSize=1')
        .set('Authorization', admin)
        .expect(200);
      expect(page.body.data.map((a: { name: string }) => a.name)).toEqual(['Maison Lumière']);
    });

    it('approving files the vendor from the application: first category, contact, place, location, notes', async () => {
      await submit({ ...valid, additionalInfo: 'Seats 120 guests.' }).expect(201);
      const [{ id }] = await sql<{ id: number }>('select id from vendor_applications');
      const response = await decide(id, { status: 'approved', adminNotes: 'Approved by admin' }).expect(200);
      expect(response.body.data).toMatchObject({
        id,
        status: 'approved',
        adminNotes: 'Approved by admin',
        vendorId: expect.any(Number),
      });
      const vendors = await request(t.http).get('/api/admin/vendors').set('Authorization', admin).expect(200);
      expect(vendors.body.data).toHaveLength(1);
      expect(vendors.body.data[0]).toMatchObject({
        id: response.body.data.vendorId,
        name: 'Maison Lumière',
        category: 'experiences',
        subcategory: 'private-events',
        description: valid.description,
        address: '1200 Brickell Bay Drive',
        city: 'Miami',
        state: 'FL',
        zipCode: '33131',
        country: 'United States',
        googlePlaceId: 'local:maison-lumiere',
        website: 'https://maisonlumiere.example',
        contactName: 'Élise Martin',
        contactEmail: 'elise@maisonlumiere.example',
        contactPhone: '+1 305 555 0199',
        notes: 'Seats 120 guests.',
        location: { lat: 25.7617, lng: -80.1918 },
        status: 'active',
      });
    });

    it('rejecting files no vendor and keeps the notes', async () => {
      const id = await submitted();
      await decide(id, { status: 'rejected', adminNotes: 'Rejected by admin' }).expect(200);
      const [row] = await sql('select status, admin_notes, vendor_id from vendor_applications');
      expect(row).toEqual({ status: 'rejected', admin_notes: 'Rejected by admin', vendor_id: null });
      expect(await sql('select id from vendors')).toHaveLength(0);
    });

    it('refuses to decide an application twice (409)', async () => {
      const id = await submitted();
      await decide(id, { status: 'approved' }).expect(200);
      const again = await decide(id, { status: 'approved' }).expect(409);
      expect(again.body).toEqual({
        success: false,
        error: 'This application has already been approved',
        code: 'CONFLICT',
      });
      await decide(id, { status: 'rejected' }).expect(409);
      expect(await sql('select id from vendors')).toHaveLength(1);
    });

    it('files exactly one vendor when the same application is approved twice at once', async () => {
      const id = await submitted();
      const answers = await Promise.all(Array.from({ length: 5 }, () => decide(id, { status: 'approved' })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await sql('select id from vendors')).toHaveLength(1);
    });

    it('approves in one transaction: when filing the vendor fails, the application stays pending', async () => {
      const id = await submitted();
      await sql(
        `create function refuse_vendor() returns trigger language plpgsql as $$ begin raise exception 'no vendors today'; end $$`,
      );
      await sql('create trigger refuse_vendor before insert on vendors for each row execute function refuse_vendor()');
      try {
        const failed = await decide(id, { status: 'approved' });
        expect(failed.status).toBeGreaterThanOrEqual(500);
      } finally {
        await sql('drop trigger refuse_vendor on vendors');
        await sql('drop function refuse_vendor()');
      }
      const [row] = await sql('select status, vendor_id, decided_at from vendor_applications');
      expect(row).toEqual({ status: 'pending', vendor_id: null, decided_at: null });
      expect(await sql('select id from vendors')).toHaveLength(0);
      await decide(id, { status: 'approved' }).expect(200);
      expect(await sql('select id from vendors')).toHaveLength(1);
    });

    it.each([
      [{ status: 'maybe' }, 'Status must be approved or rejected'],
      [{}, 'Status must be approved or rejected'],
      [{ status: 'approved', adminNotes: 12 }, 'Admin notes must be text'],
    ])('refuses the decision %j with "%s"', async (body, message) => {
      const id = await submitted();
      const response = await decide(id, body).expect(400);
      expect(response.body.error).toBe(message);
    });

    it('answers 404 for an unknown application and 401 without credentials', async () => {
      await decide(424242, { status: 'approved' }).expect(404);
      await decide(Number.NaN, { status: 'approved' }).expect(404);
      await request(t.http).get('/api/admin/vendor-applications').expect(401);
      await request(t.http).patch('/api/admin/vendor-applications/1').send({ status: 'approved' }).expect(401);
    });
  });
});
