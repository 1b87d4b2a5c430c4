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
    t.orm.em.getConnection().execute<Array<{ name: string; path: string; properties: unknown }>>(
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
    const unknown = await request(t.http).post('/api/analytics/events').send({ events: [{ name: 'drop_table' }] }).expect(400);
    expect(unknown.body).toMatchObject({ success: false, error: 'Unknown analytics event' });
    await request(t.http).post('/api/analytics/events').send({ events: [] }).expect(400);
    await request(t.http).post('/api/analytics/events').send({ name: 'page_view' }).expect(400);
    expect(await stored()).toHaveLength(0);
  });
});
