import request from 'supertest';
import { asAdmin } from './support/admin';
import { createTestApp, type TestApp } from './support/test-app';

describe('Admin waitlist', () => {
  let t: TestApp;
  let auth: string;

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    auth = await asAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** n entries, one minute apart, the newest last (entry n-1). */
  async function seed(n: number) {
    await t.orm.em.getConnection().execute(
      `insert into waitlist_entries (id, email, full_name, phone_number, consent, source, net_worth, created_at)
       select gen_random_uuid(), 'guest' || case when i < 10000 then lpad(i::text, 4, '0') else i::text end || '@example.com',
              case when i % 2 = 0 then 'Guest ' || i end, '+1 555 ' || lpad(i::text, 5, '0'), true, 'landing',
              case when i % 3 = 0 then null else i end,
              timestamptz '2026-01-01' + (i || ' minutes')::interval
         from generate_series(0, ${n - 1}) as i`,
    );
  }

  const list = (query: string) =>
    request(t.http)
      .get(`/api/admin/waitlist${query}`)
      .set('Authorization', auth)
      .expect(200)
      .then((r) => r.body);

  it('lists entries newest first with the total, 20 a page by default', async () => {
    await seed(45);
    const body = await list('');
    expect(body.total).toBe(45);
    expect(body.data).toHaveLength(20);
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      email: 'guest0044@example.com',
      fullName: 'Guest 44',
      phone: '+1 555 00044',
      netWorth: 44,
      source: 'landing',
      createdAt: '2026-01-01T00:44:00.000Z',
      confirmedAt: null,
      nominatedBy: null,
    });
    expect(body.data[1]).toMatchObject({ email: 'guest0043@example.com', fullName: null });
  });

  it('pages through every entry exactly once, including the last page read from the far end', async () => {
    await seed(45);
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const body = await list(`?page=${page}&pageSize=10`);
      seen.push(...body.data.map((e: { email: string }) => e.email));
    }
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(seen[0]).toBe('guest0044@example.com');
    expect(seen[44]).toBe('guest0000@example.com');
    expect((await list('?page=5&pageSize=10')).data.map((e: { email: string }) => e.email)).toEqual([
      'guest0004@example.com',
      'guest0003@example.com',
      'guest0002@example.com',
      'guest0001@example.com',
      'guest0000@example.com',
    ]);
    expect((await list('?page=9&pageSize=10')).data).toEqual([]);
  });

  it('answers deep pages of a long list exactly like a plain OFFSET would', async () => {
    await seed(30_000);
    const expected = async (order: string, offset: number) =>
      (
        await t.orm.em
          .getConnection()
          .execute<Array<{ email: string }>>(
            `select email from waitlist_entries order by ${order} limit 20 offset ${offset}`,
          )
      ).map((r) => r.email);
    for (const page of [2, 400, 750, 751, 1200, 1499, 1500]) {
      const newest = await list(`?page=${page}&pageSize=20`);
      expect(newest.total).toBe(30_000);
      expect(newest.data.map((e: { email: string }) => e.email)).toEqual(
        await expected('created_at desc, id desc', (page - 1) * 20),
      );
      const oldest = await list(`?page=${page}&pageSize=20&sort=createdAt`);
      expect(oldest.data.map((e: { email: string }) => e.email)).toEqual(
        await expected('created_at asc, id asc', (page - 1) * 20),
      );
    }
  });

  it('sorts by creation date, email and net worth', async () => {
    await seed(12);
    expect((await list('?sort=createdAt&pageSize=2')).data.map((e: { email: string }) => e.email)).toEqual([
      'guest0000@example.com',
      'guest0001@example.com',
    ]);
    expect((await list('?sort=-email&pageSize=1')).data[0].email).toBe('guest0011@example.com');
    expect((await list('?sort=email&pageSize=1')).data[0].email).toBe('guest0000@example.com');
    const rich = (await list('?sort=-netWorth&pageSize=12')).data.map((e: { netWorth: number | null }) => e.netWorth);
    expect(rich.slice(0, 3)).toEqual([11, 10, 8]);
    expect(rich.slice(-4)).toEqual([null, null, null, null]);
  });

  it('searches by any part of the email, name or phone, case-insensitively', async () => {
    await seed(30);
    const byEmail = await list('?q=GUEST0012');
    expect(byEmail.total).toBe(1);
    expect(byEmail.data[0].email).toBe('guest0012@example.com');
    const byName = await list('?q=guest 2');
    expect(byName.data.map((e: { fullName: string }) => e.fullName).sort()).toEqual([
      'Guest 2',
      'Guest 20',
      'Guest 22',
      'Guest 24',
      'Guest 26',
      'Guest 28',
    ]);
    expect((await list('?q=555 00007')).data.map((e: { email: string }) => e.email)).toEqual(['guest0007@example.com']);
    expect(await list('?q=nobody-like-this')).toMatchObject({ data: [], total: 0 });
    // LIKE wildcards are searched literally.
    expect((await list('?q=%25%25%25')).total).toBe(0);
  });

  it('finds short texts too, in names, emails and phones alike', async () => {
    await seed(30);
    const emails = (body: { data: Array<{ email: string }> }) => body.data.map((e) => e.email).sort();
    // One character: 'Guest 7' is a name, '00007' a phone, 'guest0007' an email; all three are the same entry.
    expect(emails(await list('?q=7&pageSize=100'))).toEqual([
      'guest0007@example.com',
      'guest0017@example.com',
      'guest0027@example.com',
    ]);
    // Two characters found only in names ('Guest 12', 'Guest 14') and in phones and emails.
    const twelve = await list('?q=12');
    expect(emails(twelve)).toEqual(['guest0012@example.com']);
    expect((await list('?q=T 1')).data.map((e: { fullName: string }) => e.fullName).sort()).toEqual([
      'Guest 10',
      'Guest 12',
      'Guest 14',
      'Guest 16',
      'Guest 18',
    ]);
    expect(emails(await list('?q=%2B1&pageSize=100'))).toHaveLength(30);
    expect((await list('?q=zz')).total).toBe(0);
  });

  describe('search on a long list', () => {
    /** Every entry whose email, name or phone holds the text, in plain SQL (the answer to compare with). */
    const expected = async (q: string, order: string) =>
      t.orm.em
        .getConnection()
        .execute<Array<{ email: string }>>(
          `select email from waitlist_entries
            where strpos(lower(email || ' ' || coalesce(full_name, '') || ' ' || coalesce(phone_number, '')), lower(?)) > 0
            order by ${order}`,
          [q],
        )
        .then((rows) => rows.map((r) => r.email));

    const checkSearches = async () => {
      for (const q of [
        'q',
        'Qu',
        'quill',
        '7',
        '77',
        '@',
        'est 59',
        '555 05999',
        '+44 2',
        'zz',
        'guest',
        'Guest 1',
        'middle',
        'le m',
      ]) {
        for (const [sort, order] of [
          ['-createdAt', 'created_at desc, id desc'],
          ['email', 'email asc, id asc'],
        ]) {
          const all = await expected(q, order);
          const first = await list(`?q=${encodeURIComponent(q)}&sort=${sort}&pageSize=20`);
          const third = await list(`?q=${encodeURIComponent(q)}&sort=${sort}&pageSize=20&page=3`);
          const label = `"${q}" by ${sort}`;
          expect({ label, total: first.total, capped: first.totalCapped ?? false }).toEqual({
            label,
            total: Math.min(all.length, 1000),
            capped: all.length > 1000,
          });
          expect({ label, first: first.data.map((e: { email: string }) => e.email) }).toEqual({
            label,
            first: all.slice(0, 20),
          });
          expect({ label, third: third.data.map((e: { email: string }) => e.email) }).toEqual({
            label,
            third: all.slice(40, 60),
          });
        }
      }
    };

    beforeEach(async () => {
      await seed(6000);
      // A few rare entries among thousands of common ones.
      await t.orm.em.getConnection().execute(
        `insert into waitlist_entries (id, email, full_name, phone_number, consent, created_at) values
           (gen_random_uuid(), 'zoe@quill.example', 'Zoë Quill', '+44 20 7946 0000', true, '2025-06-01'),
           (gen_random_uuid(), 'q@example.com', null, null, true, '2025-06-02'),
           (gen_random_uuid(), 'quentin@example.com', 'Quentin Blake', '+33 1 77 77 77 77', true, '2024-01-01')`,
      );
      // Many matches of 'middle', none of them among the newest entries nor the first emails.
      await t.orm.em.getConnection().execute(
        `insert into waitlist_entries (id, email, full_name, consent, created_at)
         select gen_random_uuid(), 'middle' || i || '@example.org', 'Middle Member ' || i, true,
                timestamptz '2026-01-02' + (i || ' seconds')::interval
           from generate_series(1, 1500) as i`,
      );
    });

    it('answers exactly what a full scan would, for short and long, rare and common texts', async () => {
      await checkSearches();
    });

    it('answers the same without the trigram index (pg_trgm missing)', async () => {
      const connection = t.orm.em.getConnection();
      const [{ indexdef }] = await connection.execute<Array<{ indexdef: string }>>(
        `select indexdef from pg_indexes where indexname = 'waitlist_entries_search_trgm_idx'`,
      );
      await connection.execute('drop index waitlist_entries_search_trgm_idx');
      const withoutTrigrams = await createTestApp();
      const previous = t;
      try {
        t = withoutTrigrams;
        await checkSearches();
      } finally {
        t = previous;
        await withoutTrigrams.close();
        await connection.execute(indexdef);
      }
    });

    it('counts a common search up to 1,000 and says there are more', async () => {
      const body = await list('?q=example.com&pageSize=100&page=10');
      expect(body).toMatchObject({ total: 1000, totalCapped: true });
      expect(body.data.map((e: { email: string }) => e.email)).toEqual(
        (await expected('example.com', 'created_at desc, id desc')).slice(900, 1000),
      );
      expect(await list('?q=example.com&pageSize=100&page=11')).toMatchObject({
        data: [],
        total: 1000,
        totalCapped: true,
      });
    });
  });

  it('shows a sign-up from the public form', async () => {
    await request(t.http)
      .post('/api/waitlist')
      .send({ email: 'new.member@example.com', fullName: 'New Member', consent: true, bot_check: '' })
      .expect(200);
    const body = await list('?q=new.member');
    expect(body.data).toEqual([expect.objectContaining({ email: 'new.member@example.com', fullName: 'New Member' })]);
  });

  it.each([
    ['?page=0', 'Page must be a whole number from 1 to 1,000,000'],
    ['?page=abc', 'Page must be a whole number from 1 to 1,000,000'],
    ['?pageSize=501', 'Page size must be a whole number from 1 to 500'],
    ['?sort=password', 'Sort must be one of -createdAt, createdAt, email, -email, -netWorth, netWorth, nominatedBy'],
    [`?q=${'x'.repeat(201)}`, 'Search text is too long'],
  ])('refuses %s with a readable 400', async (query, message) => {
    const response = await request(t.http).get(`/api/admin/waitlist${query}`).set('Authorization', auth).expect(400);
    expect(response.body).toMatchObject({ success: false, error: message });
  });

  it('exports the whole list as CSV, newest first, with formulas defused', async () => {
    await seed(4500);
    await t.orm.em.getConnection().execute(
      `insert into waitlist_entries (id, email, full_name, phone_number, consent, created_at)
         values (gen_random_uuid(), 'evil@example.com', '=HYPERLINK("http://x")', '+44 20 7946 0958', true, '2027-01-01')`,
    );
    const response = await request(t.http)
      .get('/api/admin/waitlist/export')
      .set('Authorization', auth)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="waitlist-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (response.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Name","Email","Phone","Net worth (USD millions)","Source","Created","Confirmed"');
    expect(lines).toHaveLength(4502);
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://x"")","evil@example.com","+44 20 7946 0958","","landing","2027-01-01T00:00:00.000Z",""`,
    );
    expect(lines[2]).toContain('"guest4499@example.com"');
    expect(lines[4501]).toContain('"guest0000@example.com"');
  });

  describe('download links for the CSV export', () => {
    const readText = (call: request.Test) =>
      call.buffer(true).parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => done(null, text));
      });
    const link = async () => {
      const response = await request(t.http)
        .post('/api/admin/waitlist/export-link')
        .set('Authorization', auth)
        .expect(200);
      return response.body.data as { url: string; expiresAt: string };
    };

    it('gives an administrator a one-minute link that downloads the streamed CSV without credentials', async () => {
      await seed(3);
      const before = Date.now();
      const { url, expiresAt } = await link();
      const after = Date.now();
      expect(url).toMatch(/^\/api\/admin\/waitlist\/export\?token=[\w.-]+$/);
      // One minute from the moment the server answered, however long the call took.
      expect(new Date(expiresAt).getTime()).toBeGreaterThanOrEqual(before + 60_000 - 1000);
      expect(new Date(expiresAt).getTime()).toBeLessThanOrEqual(after + 60_000 + 1000);
      const response = await readText(request(t.http).get(url)).expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="waitlist-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect((response.body as string).trim().split('\r\n')).toHaveLength(4);
    });

    it('works once: the same link opened again answers 401', async () => {
      const { url } = await link();
      await request(t.http).get(url).expect(200);
      const again = await request(t.http).get(url).expect(401);
      expect(again.body).toEqual({
        success: false,
        error: 'This download link has expired. Please export again.',
        code: 'UNAUTHORIZED',
      });
    });

    it('refuses an expired, altered or foreign token with 401', async () => {
      const { url } = await link();
      const token = new URL(url, 'http://x').searchParams.get('token')!;
      const [purpose, admin, expires, nonce, signature] = token.split('.');
      const refused = async (candidate: string) => {
        const response = await request(t.http)
          .get(`/api/admin/waitlist/export?token=${encodeURIComponent(candidate)}`)
          .expect(401);
        expect(response.body.error).toBe('This download link has expired. Please export again.');
      };
      await refused([purpose, admin, String(Number(expires) + 3_600_000), nonce, signature].join('.'));
      await refused(['invoice-export', admin, expires, nonce, signature].join('.'));
      await refused('not-a-token');
      await refused('');
      // The genuine one, a minute and a second later.
      const later = jest.spyOn(Date, 'now').mockReturnValue(Number(expires) + 1000);
      try {
        await refused(token);
      } finally {
        later.mockRestore();
      }
    });

    it('asks for administrator credentials to make a link, and to export without one', async () => {
      await request(t.http).post('/api/admin/waitlist/export-link').expect(401);
      await request(t.http)
        .get('/api/admin/waitlist/export')
        .expect(401, { success: false, error: 'Invalid credentials', code: 'UNAUTHORIZED' });
      // API clients may still export with HTTP Basic.
      await request(t.http).get('/api/admin/waitlist/export').set('Authorization', auth).expect(200);
    });
  });
});
