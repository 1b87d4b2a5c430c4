import request from 'supertest';
import { startNominatimServer, type NominatimServer } from './support/nominatim-server';
import { createTestApp, type TestApp } from './support/test-app';

describe('the member’s place name from the bundled world cities', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { NOMINATIM_URL: '', OPENAI_API_KEY: '' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const reverse = (query: string) => request(t.http).get(`/api/geo/reverse?${query}`);

  it.each([
    ['Casino Square, Monaco', 43.7392, 7.4276, { locationName: 'Monaco', city: 'Monaco', country: 'Monaco' }],
    ['the Louvre, Paris', 48.8606, 2.3376, { locationName: 'Paris, France', city: 'Paris', country: 'France' }],
    ['Old Montreal', 45.5075, -73.5544, { locationName: 'Montréal, Canada', city: 'Montréal', country: 'Canada' }],
    ['Shibuya, Tokyo', 35.6595, 139.7005, { locationName: 'Tokyo, Japan', city: 'Tokyo', country: 'Japan' }],
    ['Suva, across the date line', -18.1416, 178.4419, { locationName: 'Suva, Fiji', city: 'Suva', country: 'Fiji' }],
  ])('names %s', async (_where, lat, lon, expected) => {
    await reverse(`lat=${lat}&lon=${lon}`).expect(200, { success: true, data: expected });
  });

  it('names nothing in the open sea', async () => {
    await reverse('lat=0&lon=-150').expect(200, {
      success: true,
      data: { locationName: null, city: null, country: null },
    });
  });

  it('refuses coordinates that are missing, out of range or not plain numbers with 400', async () => {
    const cases: Array<[string, string]> = [
      ['', 'Latitude (lat) must be a number between -90 and 90'],
      ['lat=43.7', 'Longitude (lon) must be a number between -180 and 180'],
      ['lat=90.5&lon=0', 'Latitude (lat) must be a number between -90 and 90'],
      ['lat=-91&lon=0', 'Latitude (lat) must be a number between -90 and 90'],
      ['lat=0&lon=180.01', 'Longitude (lon) must be a number between -180 and 180'],
      ['lat=north&lon=0', 'Latitude (lat) must be a number between -90 and 90'],
      ['lat=1e3&lon=0', 'Latitude (lat) must be a number between -90 and 90'],
      ['lat=Infinity&lon=0', 'Latitude (lat) must be a number between -90 and 90'],
      ['lat=NaN&lon=0', 'Latitude (lat) must be a number between -90 and 90'],
      ['lat=0x10&lon=0', 'Latitude (lat) must be a number between -90 and 90'],
      ['lat=1&lat=2&lon=0', 'Latitude (lat) must be a number between -90 and 90'],
      [`lat=${'1'.repeat(5000)}&lon=0`, 'Latitude (lat) must be a number between -90 and 90'],
      ['lat=%F0%9F%8F%96&lon=0', 'Latitude (lat) must be a number between -90 and 90'],
    ];
    for (const [query, message] of cases) {
      const response = await reverse(query).expect(400);
      expect(response.body).toMatchObject({ success: false, error: message });
    }
  });

  it('uses the place name in the concierge’s reply to "near me"', async () => {
    const { locationName } = (await reverse('lat=43.7392&lon=7.4276').expect(200)).body.data;
    const response = await request(t.http)
      .post('/api/chat')
      .send({
        message: 'Could you find us a table for dinner near me tonight?',
        sessionId: 'near-me',
        userLocation: { latitude: 43.7392, longitude: 7.4276, locationName },
      })
      .expect(200);
    expect(response.body.data.response).toContain('### Dining near you in Monaco');
    expect(response.body.data.response).toContain('Monaco (your location)');
  });
});

describe('the member’s place name from a Nominatim server', () => {
  let t: TestApp;
  let nominatim: NominatimServer;

  beforeAll(async () => {
    nominatim = await startNominatimServer();
    t = await createTestApp({ env: { NOMINATIM_URL: nominatim.url } });
  });
  beforeEach(async () => {
    await t.reset();
    nominatim.requests.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await nominatim.close();
  });

  it('asks it as the spec does (json, zoom 10) and answers the city, town, village or county with the country', async () => {
    nominatim.answer(() => ({ address: { town: 'Èze', county: 'Alpes-Maritimes', country: 'France' } }));
    await request(t.http)
      .get('/api/geo/reverse?lat=43.7277&lon=7.3616')
      .expect(200, { success: true, data: { locationName: 'Èze, France', city: 'Èze', country: 'France' } });
    const [query] = nominatim.requests;
    expect(Object.fromEntries(query)).toMatchObject({ format: 'json', lat: '43.7277', lon: '7.3616', zoom: '10' });
    expect(nominatim.userAgents[0]).toMatch(/^Maison Fortuna concierge/);

    nominatim.answer(() => ({ address: { county: 'Kerry', country: 'Ireland' } }));
    await request(t.http)
      .get('/api/geo/reverse?lat=52.05&lon=-9.5')
      .expect(200, { success: true, data: { locationName: 'Kerry, Ireland', city: 'Kerry', country: 'Ireland' } });
  });

  it('asks once for the same neighbourhood', async () => {
    nominatim.answer(() => ({ address: { city: 'Paris', country: 'France' } }));
    await request(t.http).get('/api/geo/reverse?lat=48.8606&lon=2.3376').expect(200);
    await request(t.http).get('/api/geo/reverse?lat=48.8611&lon=2.3381').expect(200);
    expect(nominatim.requests).toHaveLength(1);
  });

  it('falls back to the bundled cities when the server fails', async () => {
    nominatim.answer(() => ({ status: 503 }));
    await request(t.http)
      .get('/api/geo/reverse?lat=45.5075&lon=-73.5544')
      .expect(200, { success: true, data: { locationName: 'Montréal, Canada', city: 'Montréal', country: 'Canada' } });
    expect(nominatim.requests).toHaveLength(1);
  });
});
