import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { APP_CONFIG } from '../src/config/config.module';
import type { AppConfig } from '../src/config/environment';
import { InsightsService, PageViewsService } from '../src/modules/insights';
import { asStaff } from './support/admin';
import {
  admin,
  createEvent,
  createInvitation,
  eventFields,
  resetWithAdmin,
  rsvp,
} from './support/launch-party-fixtures';
import { eventually } from './support/eventually';
import { createTestApp, type TestApp } from './support/test-app';

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';
const OTHER_BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

const signUp = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  fullName: 'Grace Kelly',
  phoneNumber: '+377 93 15 00 00',
  consent: true,
  bot_check: '',
  timestamp: new Date().toISOString(),
  source: 'landing',
  ...extra,
});

/** Issue 31, section 5: cookieless visits and the funnel from visit to paid guest. */
describe('Insights', () => {
  let t: TestApp;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'test-admin-password-123' } });
  });
  beforeEach(async () => {
    await resetWithAdmin(t);
    today = new Date().toISOString().slice(0, 10);
  });
  afterAll(async () => {
    await t.close();
  });

  const sql = <T extends object>(query: string, params: unknown[] = []) =>
    t.orm.em.getConnection().execute<T[]>(query, params);

  const view = (path: string, properties: Record<string, unknown> = {}, userAgent = BROWSER) =>
    request(t.http)
      .post('/api/analytics/events')
      .set('User-Agent', userAgent)
      .send({ events: [{ name: 'page_view', path, visitorId: 'spec-visitor', properties: { path, ...properties } }] })
      .expect(202);

  const insights = (path: string) => admin(t).get(`/insights${path}`);

  it('counts a view of a public page with no trace of who viewed it, and only public pages', async () => {
    await view('/', {
      search: '?utm_source=instagram&utm_medium=social&utm_campaign=riviera&ref=abc',
      referrer: 'https://www.instagram.com/p/xyz',
    });
    await view('/vendor-apply', { referrer: `${t.app.get<AppConfig>(APP_CONFIG).APP_URL}/?utm_source=instagram` });
    await view('/', {}, OTHER_BROWSER);
    // Never counted: staff, concierge, guests' and members' pages, robots.
    await view('/admin');
    await view('/concierge');
    await view('/invitation/secret-code');
    await view('/membership/secret-token');
    await view('/', {}, 'Googlebot/2.1 (+http://www.google.com/bot.html)');

    const views = await sql<Record<string, unknown>>('select * from page_views order by id');
    expect(views.map((row) => row.path)).toEqual(['/', '/vendor-apply', '/']);
    expect(views[0]).toMatchObject({
      day: expect.anything(),
      utm_source: 'instagram',
      utm_medium: 'social',
      utm_campaign: 'riviera',
      ref: 'abc',
      referrer_host: 'instagram.com',
    });
    // Our own site is not a referrer.
    expect(views[1].referrer_host).toBeNull();
    const visitors = await sql<{ views: number; utm_source: string | null; visitor_key: string }>(
      'select * from visitor_days order by views desc',
    );
    // One browser viewed two pages (attributed to its first view), the other one.
    expect(visitors.map((row) => [row.views, row.utm_source])).toEqual([
      [2, 'instagram'],
      [1, null],
    ]);
    // Nothing stored holds the address, the user agent or a key that is the same tomorrow.
    const everything = JSON.stringify([views, visitors, await sql('select * from daily_visits')]);
    expect(everything).not.toMatch(/127\.0\.0\.1|::1|Safari|Chrome|Mozilla/);
    const events = await sql<{ properties: Record<string, unknown> }>(
      `select properties from analytics_events where name = 'page_view'`,
    );
    expect(JSON.stringify(events)).not.toContain('instagram');
  });

  it('folds a closed day into counts and forgets its visitor keys and salt', async () => {
    await view('/', { search: '?utm_source=instagram' });
    await view('/vendor-apply');
    await view('/', {}, OTHER_BROWSER);
    // The day is over.
    await sql(`update visitor_days set day = day - 1`);
    await sql(`update visit_salts set day = day - 1`);
    await sql(`update page_views set day = day - 1`);

    const pageViews = t.app.get(PageViewsService);
    expect(await pageViews.rollUpClosedDays()).toEqual({ visitors: 2, salts: 1 });
    expect(await sql('select * from visitor_days')).toEqual([]);
    expect(await sql('select * from visit_salts')).toEqual([]);
    const folded = await sql<{ utm_source: string | null; visitors: number; views: number }>(
      'select utm_source, visitors, views from daily_visits order by utm_source nulls last',
    );
    expect(folded).toEqual([
      { utm_source: 'instagram', visitors: 1, views: 2 },
      { utm_source: null, visitors: 1, views: 1 },
    ]);
    // Again: nothing left to fold.
    expect(await pageViews.rollUpClosedDays()).toEqual({ visitors: 0, salts: 0 });

    // Today's visitor gets a new salt: the same browser is a new key, not linkable to yesterday's.
    await view('/');
    expect(await sql('select * from visitor_days')).toHaveLength(1);
    const funnel = (await insights(`/funnel?from=${yesterday()}&to=${today}`).expect(200)).body.data;
    expect(funnel.steps[0]).toMatchObject({ step: 'visits', count: 3 });
    expect(funnel.days.map((day: { day: string; visits: number }) => [day.day, day.visits])).toEqual([
      [yesterday(), 2],
      [today, 1],
    ]);
  });

  const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

  /**
   * A journey: a visit through a campaign, a sign-up through it, confirmed two hours later, invited,
   * RSVP'd attending, paid; beside it a direct sign-up left unconfirmed, and a nominated one.
   */
  async function journey() {
    await view('/', { search: '?utm_source=instagram&utm_medium=social&utm_campaign=riviera' });
    await view('/', {}, OTHER_BROWSER);
    const campaign = { utmSource: 'instagram', utmMedium: 'social', utmCampaign: 'riviera' };
    await request(t.http).post('/api/waitlist').send(signUp('grace@example.com', campaign)).expect(200);
    await request(t.http).post('/api/waitlist').send(signUp('cary@example.com')).expect(200);
    await sql(
      `update waitlist_entries set confirmed_at = created_at + interval '2 hours' where email = 'grace@example.com'`,
    );
    await sql(`update waitlist_entries set confirmed_at = null where email = 'cary@example.com'`);

    const event = await createEvent(t, { name: 'The Riviera Launch', date: eventFields.date });
    const invitation = await createInvitation(t, event.id, { recipientEmail: 'Grace@Example.com', maxGuests: 1 });
    await sql(`update invitations set sent_at = now() + interval '1 day', status = 'sent' where id = ?`, [
      invitation.id,
    ]);
    const answer = await rsvp(t, invitation.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    const [{ id: rsvpId }] = await sql<{ id: string }>('select id from rsvps where invitation_id = ?', [invitation.id]);
    expect(answer.body).toBeTruthy();
    await sql(
      `insert into payments (id, rsvp_id, amount, currency, status, payment_date) values (?, ?, 25000, 'EUR', 'succeeded', now() + interval '3 days')`,
      [randomUUID(), rsvpId],
    );
    await refresh();
  }

  /** Rebuilds the funnel now (the repeating job does it every INSIGHTS_ROLLUP_INTERVAL_SECONDS). */
  const refresh = () => t.app.get(InsightsService).refreshFunnel();

  async function sponsor(name: string) {
    const id = randomUUID();
    await sql(
      `insert into members (id, name, email, tier, status, joined_at) values (?, ?, ?, 'patron', 'active', now())`,
      [id, name, `${id}@example.com`],
    );
    return id;
  }

  it('shows the funnel of a journey from visit to paid, with conversions and medians', async () => {
    // Before the first rebuild there are no figures, and the tab is told so.
    expect((await insights('/funnel').expect(200)).body.data).toMatchObject({ asOf: null });
    // The figures are those of the rebuild made after the journey (the database's clock and ours
    // are the same machine's; a second allows for their rounding).
    const journeyStarted = Date.now() - 1_000;
    await journey();
    const funnel = (await insights(`/funnel?from=${today}&to=${today}`).expect(200)).body.data;
    expect(funnel).toMatchObject({ from: today, to: today });
    expect(Date.parse(funnel.asOf)).toBeGreaterThanOrEqual(journeyStarted);
    expect(
      funnel.steps.map((s: { step: string; count: number; conversion: number | null }) => [
        s.step,
        s.count,
        s.conversion,
      ]),
    ).toEqual([
      ['visits', 2, null],
      ['signedUp', 2, 1],
      ['confirmed', 1, 0.5],
      ['invited', 1, 1],
      ['attending', 1, 1],
      ['paid', 1, 1],
    ]);
    const medians = Object.fromEntries(
      funnel.steps.map((s: { step: string; medianSeconds: number | null }) => [s.step, s.medianSeconds]),
    );
    // Read from bucket counts: each within its bucket (one to three hours, one to two days, three to five days).
    expect(medians.confirmed).toBe(7200);
    expect(medians.invited).toBeGreaterThanOrEqual(86_400);
    expect(medians.invited).toBeLessThan(2 * 86_400);
    expect(medians.paid).toBeGreaterThanOrEqual(3 * 86_400);
    expect(medians.paid).toBeLessThan(5 * 86_400);
    expect(funnel.days).toEqual([
      { day: today, visits: 2, signedUp: 2, confirmed: 1, invited: 1, attending: 1, came: 0, paid: 1 },
    ]);

    // Filtered by the campaign: only its visit and its sign-up.
    const riviera = (await insights(`/funnel?from=${today}&to=${today}&campaign=riviera`).expect(200)).body.data;
    expect(riviera.steps.map((s: { count: number }) => s.count)).toEqual([1, 1, 1, 1, 1, 1]);

    const campaigns = (await insights(`/campaigns?from=${today}&to=${today}`).expect(200)).body.data.rows;
    expect(campaigns).toEqual([
      {
        source: 'instagram',
        medium: 'social',
        campaign: 'riviera',
        visits: 1,
        signedUp: 1,
        confirmed: 1,
        invited: 1,
        attending: 1,
        came: 0,
        paid: 1,
      },
      {
        source: null,
        medium: null,
        campaign: null,
        visits: 1,
        signedUp: 1,
        confirmed: 0,
        invited: 0,
        attending: 0,
        came: 0,
        paid: 0,
      },
    ]);
  });

  it('reads a long range from its whole months and its ends from days, with the same figures', async () => {
    // Sign-ups on the edges of months (the rollup's days are UTC days), half of them through a
    // campaign, each confirmed a day later.
    const days = ['2025-01-31', '2025-02-01', '2025-02-14', '2025-02-28', '2025-03-01', '2025-03-31', '2025-04-01'];
    for (const [index, day] of days.entries()) {
      const campaign = index % 2 === 0 ? { utmSource: 'ft.com', utmMedium: 'display', utmCampaign: 'spring' } : {};
      await request(t.http)
        .post('/api/waitlist')
        .send(signUp(`guest${index}@example.com`, campaign))
        .expect(200);
      await sql(
        `update waitlist_entries set created_at = ?::timestamptz, confirmed_at = ?::timestamptz + interval '1 day'
          where email = ?`,
        [`${day}T12:00:00Z`, `${day}T12:00:00Z`, `guest${index}@example.com`],
      );
    }
    await refresh();
    const months = await sql<{ month: string; signed_up: number }>(
      `select to_char(month, 'YYYY-MM-DD') as month, sum(signed_up)::int as signed_up
         from funnel_months where not by_member group by month order by month`,
    );
    expect(months).toEqual([
      { month: '2025-01-01', signed_up: 1 },
      { month: '2025-02-01', signed_up: 3 },
      { month: '2025-03-01', signed_up: 2 },
      { month: '2025-04-01', signed_up: 1 },
    ]);

    // Ranges of whole months, of none, and of parts of months on either side: the totals are
    // the sums of the range's days, and the campaigns' rows add up to them.
    const ranges: Array<[string, string]> = [
      ['2025-02-01', '2025-03-31'],
      ['2025-01-31', '2025-04-01'],
      ['2025-02-02', '2025-03-30'],
      ['2025-02-14', '2025-02-28'],
      ['2025-01-01', '2025-04-30'],
      ['2025-03-31', '2025-03-31'],
    ];
    for (const [from, to] of ranges) {
      const inRange = days.filter((day) => day >= from && day <= to);
      const funnel = (await insights(`/funnel?from=${from}&to=${to}`).expect(200)).body.data;
      const counts = Object.fromEntries(funnel.steps.map((s: { step: string; count: number }) => [s.step, s.count]));
      expect([from, to, counts.signedUp, counts.confirmed]).toEqual([from, to, inRange.length, inRange.length]);
      expect(funnel.days.map((day: { day: string }) => day.day)).toEqual(inRange);
      const median = funnel.steps.find((s: { step: string }) => s.step === 'confirmed').medianSeconds;
      expect([from, to, median]).toEqual([from, to, inRange.length ? expect.any(Number) : null]);
      if (inRange.length) {
        expect(median).toBeGreaterThanOrEqual(86_400);
        expect(median).toBeLessThanOrEqual(2 * 86_400);
      }
      const rows = (await insights(`/campaigns?from=${from}&to=${to}`).expect(200)).body.data.rows;
      const spring = rows.find((row: { campaign: string | null }) => row.campaign === 'spring');
      expect([from, to, spring?.signedUp ?? 0]).toEqual([
        from,
        to,
        inRange.filter((day) => days.indexOf(day) % 2 === 0).length,
      ]);
      expect(rows.reduce((sum: number, row: { signedUp: number }) => sum + row.signedUp, 0)).toBe(inRange.length);
    }
  });

  it('never rebuilds the funnel twice at once: a rebuild while another runs answers null', async () => {
    await request(t.http).post('/api/waitlist').send(signUp('grace@example.com')).expect(200);
    await refresh();
    // A rebuild held up part-way (another transaction holds the row it stamps last)...
    const other = new Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select * from insights_refreshes for update');
      const first = refresh();
      // ...holds its lock until it ends, so a second one started meanwhile does nothing.
      await eventually(async () => {
        const { rows } = await other.query(`select count(*)::int as held from pg_locks where locktype = 'advisory'`);
        expect(rows[0].held).toBe(1);
      });
      expect(await refresh()).toBeNull();
      await other.query('commit');
      expect(await first).toEqual({ signUps: 1, rows: 1 });
      expect(await sql('select count(*)::int as rows from funnel_days')).toEqual([{ rows: 1 }]);
    } finally {
      await other.end();
    }
  });

  it('credits a nominating member with how far their nominees went, suspect ones apart', async () => {
    await journey();
    const claire = await sponsor('Claire Fontaine');
    // A visit through her personal link (the nominations module's code).
    await sql(`insert into nomination_links (code, member_id) values ('claire-link', ?)`, [claire]);
    await view(
      '/',
      { search: '?ref=claire-link&utm_source=nomination&utm_medium=member' },
      'Mozilla/5.0 Firefox/133.0',
    );
    await request(t.http).post('/api/waitlist').send(signUp('suspect@example.com')).expect(200);
    await sql(
      `update waitlist_entries set nominated_by_member_id = ?, nomination_status = case when email = 'suspect@example.com' then 'suspect' else 'credited' end
        where email in ('grace@example.com', 'suspect@example.com')`,
      [claire],
    );
    await refresh();
    const rows = (await insights(`/sponsors?from=${today}&to=${today}`).expect(200)).body.data.rows;
    const expected = {
      memberId: claire,
      memberName: 'Claire Fontaine',
      visits: 1,
      signedUp: 1,
      suspect: 1,
      confirmed: 1,
      invited: 1,
      attending: 1,
      came: 0,
      paid: 1,
    };
    expect(rows).toEqual([expected]);
    // One member's figures (the member detail's panel): all time by default.
    const one = (await insights(`/sponsors/${claire}`).expect(200)).body.data;
    expect(one).toMatchObject({ from: '2000-01-01', to: today, sponsor: expected });
    const nobody = await sponsor('Nobody Yet');
    expect((await insights(`/sponsors/${nobody}`).expect(200)).body.data.sponsor).toMatchObject({
      visits: 0,
      signedUp: 0,
      paid: 0,
    });
    await insights(`/sponsors/${randomUUID()}`).expect(404);
    await insights('/sponsors/not-a-member').expect(404);

    // The funnel for one nominating member: the visits through her links, her nominees (suspect ones too).
    const funnel = (await insights(`/funnel?from=${today}&to=${today}&nominatedBy=${claire}`).expect(200)).body.data;
    expect(funnel.steps.map((s: { count: number | null }) => s.count)).toEqual([1, 2, 1, 1, 1, 1]);
  });

  it('downloads each table as CSV', async () => {
    await journey();
    const campaigns = await insights(`/campaigns.csv?from=${today}&to=${today}`).expect(200);
    expect(campaigns.headers['content-type']).toMatch(/^text\/csv/);
    expect(campaigns.headers['content-disposition']).toBe(
      `attachment; filename="insights-campaigns-${today}-${today}.csv"`,
    );
    const lines = campaigns.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Source","Medium","Campaign","Visits","Signed up","Confirmed","Offered membership or invited","RSVP’d attending","Came","Paid"',
    );
    expect(lines[1]).toBe('"instagram","social","riviera","1","1","1","1","1","0","1"');
    const funnel = (await insights(`/funnel.csv?from=${today}&to=${today}`).expect(200)).text.split('\r\n');
    expect(funnel[2]).toBe('"Signed up","2","100.0",""');
    expect(funnel[3]).toBe('"Confirmed","1","50.0","0.1"');
    expect((await insights(`/days.csv?from=${today}&to=${today}`).expect(200)).text).toContain(
      `"${today}","2","2","1"`,
    );
    expect((await insights(`/sponsors.csv?from=${today}&to=${today}`).expect(200)).text).toContain(
      '"Member","Member id"',
    );
    await insights('/everything.csv').expect(404);
  });

  it('answers bad ranges and filters with a clear 400, never a 500', async () => {
    const refused = async (query: string, message: RegExp) => {
      const answer = await insights(`/funnel?${query}`).expect(400);
      expect(answer.body).toMatchObject({ success: false, error: expect.stringMatching(message) });
    };
    await refused('from=2026-12-10&to=2026-12-01', /start of the range must not be after its end/);
    await refused('from=2026-02-30', /From must be a valid date/);
    await refused('from=2020-01-01&to=2026-01-01', /two years or less/);
    await refused('nominatedBy=claire', /Nominated by must be a member id/);
    await refused(`campaign=${'x'.repeat(201)}`, /Campaign is too long/);
    await insights('/campaigns?to=nonsense').expect(400);
    // An empty range is a range with nothing in it.
    const empty = (await insights('/funnel?from=2030-01-01&to=2030-01-31').expect(200)).body.data;
    expect(empty.steps.map((s: { count: number }) => s.count)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(empty.days).toEqual([]);
  });

  it('is for the owner and the events team, not the concierge desk', async () => {
    const concierge = await asStaff(t, { username: 'sophie', password: 'sophie-password-123', role: 'concierge' });
    const events = await asStaff(t, { username: 'eve', password: 'eve-password-1234', role: 'events' });
    await request(t.http).get('/api/admin/insights/funnel').set('Authorization', concierge).expect(403);
    await request(t.http).get('/api/admin/insights/funnel').set('Authorization', events).expect(200);
  });
});
