import type { Response } from 'supertest';
import { admin, adminEnv, createEvent, eventFields, resetWithAdmin } from './support/launch-party-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Every date the API takes follows one rule (common/calendar-date.ts): a day on the calendar, in
 * the years 1900 to 9999. A date that is not one is a readable 400 on every route, never a 500
 * from the database.
 */
describe('dates the API takes', () => {
  let t: TestApp;
  let eventId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: adminEnv });
    await resetWithAdmin(t);
    eventId = (await createEvent(t)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Each route that takes a date: how it sends one, and the name its messages use. */
  const routes: Array<{ route: string; label: string; send: (date: string) => Promise<Response> }> = [
    {
      route: 'GET /api/admin/waitlist?signedUpFrom=',
      label: 'Signed up from',
      send: (date) => admin(t).get(`/waitlist?signedUpFrom=${date}`),
    },
    {
      route: 'GET /api/admin/waitlist?signedUpTo=',
      label: 'Signed up to',
      send: (date) => admin(t).get(`/waitlist?signedUpTo=${date}`),
    },
    {
      route: 'POST /api/admin/invitations/from-waitlist {signedUpFrom}',
      label: 'Signed up from',
      send: (date) => admin(t).post('/invitations/from-waitlist', { eventId, allMatching: true, signedUpFrom: date }),
    },
    {
      route: 'POST /api/admin/invitations/from-waitlist {signedUpTo}',
      label: 'Signed up to',
      send: (date) => admin(t).post('/invitations/from-waitlist', { eventId, allMatching: true, signedUpTo: date }),
    },
    {
      route: 'POST /api/admin/events {date}',
      label: 'Date',
      send: (date) => admin(t).post('/events', { ...eventFields, date }),
    },
    {
      route: 'PATCH /api/admin/events/{id} {date}',
      label: 'Date',
      send: (date) => admin(t).patch(`/events/${eventId}`, { ...eventFields, date }),
    },
  ];

  const refused = (response: Response) => {
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    return response.body.error as string;
  };

  describe.each(routes)('$route', ({ label, send }) => {
    it.each(['2026-02-30', '2026-04-31', '2025-02-29', '2026-13-01', '2026-00-10', '2026-1-1', '26-01-01'])(
      'refuses %s, a date that is not on the calendar',
      async (date) => {
        expect(refused(await send(date))).toBe(`${label} must be a valid date (YYYY-MM-DD)`);
      },
    );

    it.each(['0000-01-01', '1899-12-31'])('refuses %s, a year before 1900', async (date) => {
      expect(refused(await send(date))).toBe(`${label} must be between the years 1900 and 9999`);
    });

    it('takes a leap day', async () => {
      const response = await send('2028-02-29');
      expect(response.status).toBeLessThan(500);
      expect(response.body.error ?? '').not.toContain(label);
    });
  });

  describe('an RSVP deadline (a date and a time on the venue’s clock)', () => {
    const withDeadline = (rsvpDeadline: string) => admin(t).post('/events', { ...eventFields, rsvpDeadline });

    it.each(['2026-02-30T19:00', '2026-04-31T19:00', '2026-12-10T24:00', '2026-12-10', '2026-12-10T19:00:00+01:00'])(
      'refuses %s, which is not a day on the calendar and a time',
      async (deadline) => {
        expect(refused(await withDeadline(deadline))).toBe(
          'RSVP deadline must be a date and time like 2026-12-10T19:00',
        );
      },
    );

    it('refuses a deadline in year 0', async () => {
      expect(refused(await withDeadline('0000-01-01T19:00'))).toBe(
        'RSVP deadline must be between the years 1900 and 9999',
      );
    });

    it('takes a deadline on a leap day', async () => {
      await withDeadline('2036-02-29T19:00').expect(201);
    });
  });
});
