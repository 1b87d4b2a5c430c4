import request from 'supertest';
import { asAdmin } from './support/admin';
import { createTestAppOnOwnPostgres, type TestApp } from './support/test-app';
import { eventually } from './support/eventually';

const BRIEFLY_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';
const signUp = (email: string) => ({ email, consent: true, timestamp: '2026-11-24T10:00:00.000Z' });

describe('requests while PostgreSQL is down', () => {
  let own: Awaited<ReturnType<typeof createTestAppOnOwnPostgres>>;
  let t: TestApp;
  let postgres: typeof own.postgres;
  let admin: string;

  beforeAll(async () => {
    own = await createTestAppOnOwnPostgres('mf_test_database_outage');
    ({ t, postgres } = own);
    admin = await asAdmin(t);
  }, 60_000);
  afterAll(() => own?.close());

  const entries = () =>
    t.orm.em.getConnection().execute<Array<{ email: string }>>('select email from waitlist_entries order by email');

  it('answers 503 with a readable error at once, and takes sign-ups again once it is back, losing none', async () => {
    await request(t.http).post('/api/waitlist').send(signUp('ada@example.com')).expect(200);

    await postgres.stop();
    // Answered while PostgreSQL is still down (it starts again below): a request waiting for it
    // would never answer, and fail the test at Jest's timeout.
    const during = await Promise.all([
      // Sign-ups arriving together go to the database as one batch, and fail as one.
      ...['grace@example.com', 'hedy@example.com', 'katherine@example.com'].map((email) =>
        request(t.http).post('/api/waitlist').send(signUp(email)),
      ),
      request(t.http).get('/api/admin/waitlist').set('Authorization', admin),
      request(t.http)
        .post('/api/analytics/events')
        .send({ events: [{ name: 'page_view', path: '/' }] }),
    ]);
    for (const response of during) {
      expect({ status: response.status, body: response.body }).toEqual({
        status: 503,
        body: { success: false, error: BRIEFLY_UNAVAILABLE, code: 'UNAVAILABLE' },
      });
    }

    await postgres.start();
    await eventually(async () => {
      const { status } = await request(t.http).post('/api/waitlist').send(signUp('grace@example.com'));
      expect(status).toBe(200);
    });
    expect(await entries()).toEqual([{ email: 'ada@example.com' }, { email: 'grace@example.com' }]);
  });
});
