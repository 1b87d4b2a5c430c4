import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { asAdmin, TEST_ADMIN } from './support/admin';
import { createTestApp, type TestApp } from './support/test-app';

const admin = { ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password };
type Prediction = {
  place_id: string;
  description: string;
  structured_formatting: { main_text: string; secondary_text: string };
  types: string[];
};
const names = (body: { data: { predictions: Prediction[] } }) =>
  body.data.predictions.map((p) => p.structured_formatting.main_text);

describe('Places search with the offline local provider', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...admin, RATE_LIMIT_PLACES_PER_MINUTE: '40' } });
  });
  beforeEach(async () => {
    await t.reset();
  });
  afterAll(async () => {
    await t.close();
  });

  const search = (query: string) => request(t.http).get(`/api/places/search?${query}`);

  it('finds a notable place by name and answers the Google-shaped prediction', async () => {
    const response = await search('input=ritz%20paris&types=establishment&radius=50000').expect(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data.predictions[0]).toEqual({
      place_id: 'local:ritz-paris',
      description: 'Ritz Paris, 15 Place Vendôme, Paris, France',
      structured_formatting: { main_text: 'Ritz Paris', secondary_text: '15 Place Vendôme, Paris, France' },
      types: ['lodging', 'point_of_interest', 'establishment'],
    });
  });

  it('matches by city and kind, accents and apostrophes ignored', async () => {
    const hotels = await search('input=hotel%20milan').expect(200);
    expect(names(hotels.body)).toEqual(
      expect.arrayContaining([
        'Armani Hotel Milano',
        'Four Seasons Hotel Milano',
        'Bulgari Hotel Milano',
        'Park Hyatt Milano',
      ]),
    );
    const athenee = await search('input=plaza%20athenee').expect(200);
    expect(names(athenee.body)[0]).toBe('Hôtel Plaza Athénée');
    const claridges = await search('input=claridges%20london').expect(200);
    expect(names(claridges.body)[0]).toBe("Claridge's");
  });

  it('ranks a name match above a city match, and nearer places first when a location is given', async () => {
    const plain = await search('input=four%20seasons').expect(200);
    expect(names(plain.body).every((n) => n.includes('Four Seasons'))).toBe(true);
    // From Miami, the Surf Club comes first; from Milan, the Milan hotel does.
    const fromMiami = await search('input=four%20seasons&location=25.79,-80.13').expect(200);
    expect(names(fromMiami.body)[0]).toBe('Four Seasons Hotel at The Surf Club');
    const fromMilan = await search('input=four%20seasons&location=45.46,9.19').expect(200);
    expect(names(fromMilan.body)[0]).toBe('Four Seasons Hotel Milano');
  });

  it('answers no predictions for unknown text and for empty input', async () => {
    expect((await search('input=zzqxy%20nowhere').expect(200)).body.data.predictions).toEqual([]);
    expect((await search('input=').expect(200)).body.data.predictions).toEqual([]);
  });

  it('answers the details of a bundled place with address components and coordinates', async () => {
    const response = await request(t.http).get('/api/places/details/local:ritz-paris').expect(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        name: 'Ritz Paris',
        formatted_address: '15 Place Vendôme, 75001 Paris, France',
        website: 'https://www.ritzparis.com',
        address_components: [
          { long_name: '15', short_name: '15', types: ['street_number'] },
          { long_name: 'Place Vendôme', short_name: 'Place Vendôme', types: ['route'] },
          { long_name: 'Paris', short_name: 'Paris', types: ['locality', 'political'] },
          { long_name: 'Île-de-France', short_name: 'IDF', types: ['administrative_area_level_1', 'political'] },
          { long_name: 'France', short_name: 'FR', types: ['country', 'political'] },
          { long_name: '75001', short_name: '75001', types: ['postal_code'] },
        ],
        geometry: { location: { lat: 48.8681, lng: 2.329 } },
      },
    });
  });

  it('finds our own vendors too, as vendor:<id> places', async () => {
    const header = await asAdmin(t);
    const created = await request(t.http)
      .post('/api/admin/vendors')
      .set('Authorization', header)
      .send({
        name: 'Villa Serena Spa',
        category: 'wellness',
        address: '1 Ocean Drive',
        city: 'Miami Beach',
        state: 'FL',
        zipCode: '33139',
        location: { lat: 25.77, lng: -80.13 },
      })
      .expect(201);
    const found = await search('input=serena').expect(200);
    expect(found.body.data.predictions[0]).toMatchObject({
      place_id: `vendor:${created.body.data.id}`,
      structured_formatting: {
        main_text: 'Villa Serena Spa',
        secondary_text: '1 Ocean Drive, Miami Beach, United States',
      },
      types: expect.arrayContaining(['spa']),
    });
    const details = await request(t.http).get(`/api/places/details/vendor:${created.body.data.id}`).expect(200);
    expect(details.body.data).toMatchObject({
      name: 'Villa Serena Spa',
      geometry: { location: { lat: 25.77, lng: -80.13 } },
    });
  });

  it('answers 404 for an unknown place and 400 for a malformed location', async () => {
    await request(t.http).get('/api/places/details/local:nowhere').expect(404);
    await request(t.http).get('/api/places/details/vendor:999999').expect(404);
    await request(t.http).get('/api/places/details/%3Cscript%3E').expect(404);
    const bad = await search('input=ritz&location=north').expect(400);
    expect(bad.body.error).toBe('Location must be "lat,lng"');
    await search('input=ritz&location=95,10').expect(400);
    await search('input=ritz&radius=90000').expect(400);
  });

  it('rate limits the public places calls with a readable 429', async () => {
    for (let i = 0; i < 40; i += 1) await search('input=ritz').expect(200);
    const limited = await request(t.http).get('/api/places/details/local:ritz-paris').expect(429);
    expect(limited.body.error).toBe('Too many searches from your connection. Please wait a minute and try again.');
  });
});

/** A small server speaking Photon's GeoJSON API (GET /api?q=&lat=&lon=&limit=). */
async function startPhoton(): Promise<{ url: string; requests: URL[]; failing: boolean; close(): Promise<void> }> {
  const state = { failing: false, requests: [] as URL[] };
  const features = [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-73.9743, 40.7646] },
      properties: {
        osm_id: 2099342,
        osm_type: 'W',
        osm_key: 'tourism',
        osm_value: 'hotel',
        name: 'The Plaza',
        housenumber: '768',
        street: '5th Avenue',
        postcode: '10019',
        city: 'New York',
        state: 'New York',
        country: 'United States',
        countrycode: 'US',
        type: 'house',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-73.9818, 40.7615] },
      properties: {
        osm_id: 418234991,
        osm_type: 'N',
        osm_key: 'amenity',
        osm_value: 'restaurant',
        name: 'Le Bernardin',
        housenumber: '155',
        street: 'West 51st Street',
        postcode: '10019',
        city: 'New York',
        state: 'New York',
        country: 'United States',
        countrycode: 'US',
        type: 'house',
      },
    },
    { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: { osm_key: 'place' } },
  ];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://photon.local');
    state.requests.push(url);
    if (state.failing) {
      res.writeHead(502, { 'Content-Type': 'text/plain' }).end('Bad gateway');
      return;
    }
    if (url.pathname !== '/api') {
      res.writeHead(404).end();
      return;
    }
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const matching = features.filter(
      (f) => !f.properties.name || f.properties.name.toLowerCase().includes(q.split(' ')[0]),
    );
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ type: 'FeatureCollection', features: matching }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: state.requests,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Places search with Photon (OpenStreetMap)', () => {
  let t: TestApp;
  let photon: Awaited<ReturnType<typeof startPhoton>>;

  beforeAll(async () => {
    photon = await startPhoton();
    t = await createTestApp({ env: { ...admin, PHOTON_URL: photon.url } });
  });
  beforeEach(async () => {
    await t.reset();
    photon.failing = false;
    photon.requests.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await photon.close();
  });

  it('answers Photon features as predictions, with the location passed as a bias', async () => {
    const response = await request(t.http)
      .get('/api/places/search?input=the%20plaza&location=40.76,-73.97')
      .expect(200);
    expect(response.body.data.predictions).toEqual([
      {
        place_id: 'osm:W2099342',
        description: 'The Plaza, 768 5th Avenue, New York, United States',
        structured_formatting: { main_text: 'The Plaza', secondary_text: '768 5th Avenue, New York, United States' },
        types: ['lodging', 'point_of_interest', 'establishment'],
      },
    ]);
    const sent = photon.requests[0];
    expect(sent.pathname).toBe('/api');
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({ q: 'the plaza', lat: '40.76', lon: '-73.97' });
  });

  it('answers the details of a place found by a search', async () => {
    const search = await request(t.http).get('/api/places/search?input=le%20bernardin').expect(200);
    const [prediction] = search.body.data.predictions;
    expect(prediction.types).toEqual(['restaurant', 'food', 'point_of_interest', 'establishment']);
    const details = await request(t.http).get(`/api/places/details/${prediction.place_id}`).expect(200);
    expect(details.body.data).toEqual({
      name: 'Le Bernardin',
      formatted_address: '155 West 51st Street, 10019 New York, United States',
      address_components: [
        { long_name: '155', short_name: '155', types: ['street_number'] },
        { long_name: 'West 51st Street', short_name: 'West 51st Street', types: ['route'] },
        { long_name: 'New York', short_name: 'New York', types: ['locality', 'political'] },
        { long_name: 'New York', short_name: 'New York', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
        { long_name: '10019', short_name: '10019', types: ['postal_code'] },
      ],
      geometry: { location: { lat: 40.7615, lng: -73.9818 } },
    });
    await request(t.http).get('/api/places/details/osm:N1').expect(404);
  });

  it('falls back silently to the local matches when Photon fails', async () => {
    photon.failing = true;
    const response = await request(t.http).get('/api/places/search?input=ritz%20paris').expect(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data.predictions[0].place_id).toBe('local:ritz-paris');
    expect(photon.requests).toHaveLength(1);
    // Local places keep their details whichever provider is configured.
    await request(t.http).get('/api/places/details/local:ritz-paris').expect(200);
  });

  it('falls back when Photon cannot be reached at all', async () => {
    await photon.close();
    try {
      const response = await request(t.http).get('/api/places/search?input=the%20plaza').expect(200);
      expect(response.body.data.predictions[0].place_id).toBe('local:the-plaza-new-york');
    } finally {
      photon = await startPhoton();
    }
  });
});

/**
 * A small server speaking the Google Places web services (legacy JSON API): GET
 * /maps/api/place/autocomplete/json and /maps/api/place/details/json, answering HTTP 200 with a
 * `status` as Google does (OK, ZERO_RESULTS, NOT_FOUND, REQUEST_DENIED).
 */
async function startGooglePlaces(key: string) {
  const state = { mode: 'normal' as 'normal' | 'denied' | 'http-error', requests: [] as URL[] };
  const ritz = {
    description: 'The Ritz-Carlton New York, Central Park, Central Park South, New York, NY, USA',
    matched_substrings: [{ length: 4, offset: 4 }],
    place_id: 'ChIJQ0K0QvlYwokRu4ic1Wm0iSM',
    reference: 'ChIJQ0K0QvlYwokRu4ic1Wm0iSM',
    structured_formatting: {
      main_text: 'The Ritz-Carlton New York, Central Park',
      main_text_matched_substrings: [{ length: 4, offset: 4 }],
      secondary_text: 'Central Park South, New York, NY, USA',
    },
    terms: [
      { offset: 0, value: 'The Ritz-Carlton New York, Central Park' },
      { offset: 41, value: 'Central Park South' },
      { offset: 61, value: 'New York' },
      { offset: 71, value: 'NY' },
      { offset: 75, value: 'USA' },
    ],
    types: ['lodging', 'point_of_interest', 'establishment'],
  };
  const ritzDetails = {
    address_components: [
      { long_name: '50', short_name: '50', types: ['street_number'] },
      { long_name: 'Central Park South', short_name: 'Central Park S', types: ['route'] },
      { long_name: 'Manhattan', short_name: 'Manhattan', types: ['political', 'sublocality', 'sublocality_level_1'] },
      { long_name: 'New York', short_name: 'New York', types: ['locality', 'political'] },
      { long_name: 'New York', short_name: 'NY', types: ['administrative_area_level_1', 'political'] },
      { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
      { long_name: '10019', short_name: '10019', types: ['postal_code'] },
    ],
    formatted_address: '50 Central Park S, New York, NY 10019, USA',
    geometry: {
      location: { lat: 40.7651, lng: -73.976 },
      viewport: { northeast: { lat: 40.766, lng: -73.974 }, southwest: { lat: 40.764, lng: -73.977 } },
    },
    international_phone_number: '+1 212-308-9100',
    name: 'The Ritz-Carlton New York, Central Park',
    website: 'https://www.ritzcarlton.com/en/hotels/nycrz-the-ritz-carlton-new-york-central-park/',
  };
  const answer = (res: ServerResponse, body: object) =>
    res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));

  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://google.local');
    state.requests.push(url);
    if (state.mode === 'http-error') {
      res.writeHead(500, { 'Content-Type': 'text/html' }).end('<html>Server Error</html>');
      return;
    }
    if (state.mode === 'denied' || url.searchParams.get('key') !== key) {
      answer(res, { error_message: 'The provided API key is invalid.', predictions: [], status: 'REQUEST_DENIED' });
      return;
    }
    if (url.pathname === '/maps/api/place/autocomplete/json') {
      const input = (url.searchParams.get('input') ?? '').toLowerCase();
      if (input.includes('ritz')) answer(res, { predictions: [ritz], status: 'OK' });
      else answer(res, { predictions: [], status: 'ZERO_RESULTS' });
      return;
    }
    if (url.pathname === '/maps/api/place/details/json') {
      if (url.searchParams.get('place_id') === ritz.place_id) {
        answer(res, { html_attributions: [], result: ritzDetails, status: 'OK' });
      } else {
        answer(res, { html_attributions: [], status: 'NOT_FOUND' });
      }
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/maps/api/place`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Places search with Google Places', () => {
  const key = 'test-google-key';
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startGooglePlaces>>;

  beforeAll(async () => {
    google = await startGooglePlaces(key);
    t = await createTestApp({ env: { ...admin, GOOGLE_MAPS_API_KEY: key, GOOGLE_PLACES_URL: google.url } });
  });
  beforeEach(async () => {
    await t.reset();
    google.state.mode = 'normal';
    google.state.requests.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('answers Google autocomplete predictions, asking for establishments within 50 km of the location', async () => {
    const response = await request(t.http)
      .get('/api/places/search?input=ritz%20central%20park&types=establishment&radius=50000&location=40.76,-73.97')
      .expect(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        predictions: [
          {
            place_id: 'ChIJQ0K0QvlYwokRu4ic1Wm0iSM',
            description: 'The Ritz-Carlton New York, Central Park, Central Park South, New York, NY, USA',
            structured_formatting: {
              main_text: 'The Ritz-Carlton New York, Central Park',
              secondary_text: 'Central Park South, New York, NY, USA',
            },
            types: ['lodging', 'point_of_interest', 'establishment'],
          },
        ],
      },
    });
    const [sent] = google.state.requests;
    expect(sent.pathname).toBe('/maps/api/place/autocomplete/json');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      input: 'ritz central park',
      types: 'establishment',
      radius: '50000',
      location: '40.76,-73.97',
      key,
    });
  });

  it('answers no predictions when Google finds none (ZERO_RESULTS), without mixing in local places', async () => {
    const response = await request(t.http).get('/api/places/search?input=four%20seasons').expect(200);
    expect(response.body.data.predictions).toEqual([]);
  });

  it('answers the details of a Google place with its address components and coordinates', async () => {
    const response = await request(t.http).get('/api/places/details/ChIJQ0K0QvlYwokRu4ic1Wm0iSM').expect(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        name: 'The Ritz-Carlton New York, Central Park',
        formatted_address: '50 Central Park S, New York, NY 10019, USA',
        website: 'https://www.ritzcarlton.com/en/hotels/nycrz-the-ritz-carlton-new-york-central-park/',
        international_phone_number: '+1 212-308-9100',
        address_components: expect.arrayContaining([
          { long_name: '50', short_name: '50', types: ['street_number'] },
          { long_name: 'New York', short_name: 'NY', types: ['administrative_area_level_1', 'political'] },
          { long_name: '10019', short_name: '10019', types: ['postal_code'] },
        ]),
        geometry: { location: { lat: 40.7651, lng: -73.976 } },
      },
    });
    const [sent] = google.state.requests;
    expect(sent.pathname).toBe('/maps/api/place/details/json');
    expect(sent.searchParams.get('place_id')).toBe('ChIJQ0K0QvlYwokRu4ic1Wm0iSM');
    expect(sent.searchParams.get('fields')).toContain('address_component');
  });

  it('answers 404 for a place Google does not know (NOT_FOUND)', async () => {
    const response = await request(t.http).get('/api/places/details/ChIJunknownPlaceId').expect(404);
    expect(response.body).toEqual({ success: false, error: 'Place not found', code: 'NOT_FOUND' });
  });

  it.each([
    ['refuses the key (REQUEST_DENIED)', 'denied'],
    ['answers HTTP 500', 'http-error'],
  ] as const)('falls back silently to the local matches when Google %s', async (_label, mode) => {
    google.state.mode = mode;
    const response = await request(t.http).get('/api/places/search?input=ritz%20paris').expect(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data.predictions[0].place_id).toBe('local:ritz-paris');
    expect(google.state.requests).toHaveLength(1);
    // A local place's details never need Google; a Google place's details say they are unavailable.
    await request(t.http).get('/api/places/details/local:ritz-paris').expect(200);
    const details = await request(t.http).get('/api/places/details/ChIJQ0K0QvlYwokRu4ic1Wm0iSM').expect(503);
    expect(details.body.error).toBe('Place details are unavailable right now. Please try again.');
  });
});
