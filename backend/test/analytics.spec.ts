import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app';

describe('POST /api/analytics/events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const stored = () =>
    t.orm.em
      .getConnection()
      .execute<Array<{ name: string; path: string; properties: unknown }>>(
        'select name, path, properties from analytics_events order by created_at',
      );

  it('stores page views, the 75% scroll and waitlist sign-ups with their properties', async () => {
    await request(t.http)
      .post('/api/analytics/events')
      .send({
        events: [
          { name: 'page_view', path: '/', visitorId: 'v1' },
          { name: 'scroll_75', path: '/', visitorId: 'v1' },
          { name: 'submit_waitlist', path: '/', visitorId: 'v1', properties: { emailDomain: 'example.com' } },
        ],
      })
      .expect(202, { success: true, data: { recorded: 3 } });
    expect(await stored()).toEqual([
      { name: 'page_view', path: '/', properties: null },
      { name: 'scroll_75', path: '/', properties: null },
      { name: 'submit_waitlist', path: '/', properties: { emailDomain: 'example.com' } },
    ]);
  });

  it('refuses unknown event names and empty batches, storing nothing', async () => {
    const unknown = await request(t.http)
      .post('/api/analytics/events')
      .send({ events: [{ name: 'drop_table' }] })
      .expect(400);
    expect(unknown.body).toMatchObject({ success: false, error: 'Unknown analytics event' });
    await request(t.http).post('/api/analytics/events').send({ events: [] }).expect(400);
    await request(t.http).post('/api/analytics/events').send({ name: 'page_view' }).expect(400);
    expect(await stored()).toHaveLength(0);
  });

  it.each([
    [{ name: 'page_view', path: '/\u0000' }],
    [{ name: 'page_view', visitorId: 'v\u0000' }],
    [{ name: 'submit_waitlist', properties: { emailDomain: 'example\u0000.com' } }],
    [{ name: 'submit_waitlist', properties: { 'email\u0000Domain': 'example.com' } }],
    [{ name: 'submit_waitlist', properties: { nested: [{ deep: ['\u0000'] }] } }],
  ])('refuses a NUL character anywhere in %j with a readable 400, storing nothing', async (event) => {
    const response = await request(t.http)
      .post('/api/analytics/events')
      .send({ events: [{ name: 'page_view', path: '/' }, event] })
      .expect(400);
    expect(response.body).toEqual({
      success: false,
      error: 'Text may not contain the NUL character (\\u0000). Please remove it and try again.',
      code: 'BAD_REQUEST',
    });
    expect(await stored()).toHaveLength(0);
  });

  it('refuses a NUL character in the query string too', async () => {
    await request(t.http)
      .post('/api/analytics/events?source=%00')
      .send({ events: [{ name: 'page_view' }] })
      .expect(400);
    expect(await stored()).toHaveLength(0);
  });
});
