import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import request from 'supertest';
import { MemberSessionsService } from '../src/modules/members';
import { asAdmin } from './support/admin';
import { eventually } from './support/eventually';
import { admin, adminEnv, readable, resetWithAdmin } from './support/launch-party-fixtures';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** The site the tests run as (test/support/global-setup.ts): passkeys for 'localhost'. */
const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';

type Device = ReturnType<typeof request.agent>;

/** A browser: its own cookie jar and User-Agent. */
function device(t: TestApp, userAgent = CHROME_MAC): Device {
  return request.agent(t.http).set('User-Agent', userAgent);
}

describe('Members', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      worker: true,
      env: {
        ...adminEnv,
        SMTP_URL: smtp.url,
        RATE_LIMIT_MEMBER_SIGN_IN_PER_EMAIL_PER_HOUR: '4',
        RATE_LIMIT_MEMBER_SIGN_IN_PER_ADDRESS_PER_HOUR: '1000',
      },
    });
  });
  beforeEach(async () => {
    await resetWithAdmin(t);
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const sql = <T extends object>(query: string, params: unknown[] = []) =>
    t.orm.em.getConnection().execute<T[]>(query, params);

  async function waitlist(...people: Array<{ email: string; name?: string; campaign?: string }>): Promise<string[]> {
    const ids: string[] = [];
    for (const person of people) {
      const [row] = await sql<{ id: string }>(
        `insert into waitlist_entries (id, email, full_name, consent, source, utm_campaign)
         values (gen_random_uuid(), ?, ?, true, 'landing', ?) returning id`,
        [person.email, person.name ?? null, person.campaign ?? null],
      );
      ids.push(row.id);
    }
    return ids;
  }

  /** The emails sent to an address, as readable text. */
  function mailTo(email: string): string[] {
    return smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => readable(mail.raw));
  }

  async function offerLink(email: string, nth = 0): Promise<string> {
    await t.drain();
    const mail = mailTo(email)[nth];
    const token = /\/membership\/([A-Za-z0-9_-]{43})/.exec(mail ?? '')?.[1];
    if (!token) throw new Error(`No offer link sent to ${email}`);
    return token;
  }

  /** A waitlist person offered membership, who accepted on `browser`: their member id. */
  async function member(browser: Device, email = 'grace@example.com', name = 'Grace Kelly'): Promise<string> {
    const [entry] = await waitlist({ email, name: 'G. Kelly' });
    await admin(t)
      .post('/members/offers', { tier: 'voyager', entryIds: [entry] })
      .expect(200);
    const token = await offerLink(email);
    const accepted = await browser.post(`/api/membership/offers/${token}/accept`).send({ name }).expect(200);
    return accepted.body.member.id;
  }

  async function signInEmail(email: string): Promise<{ token: string; code: string }> {
    const before = mailTo(email).length;
    await request(t.http).post('/api/members/sign-in/email').send({ email }).expect(202);
    await t.drain();
    const mail = mailTo(email)[before];
    const token = /\/members\/sign-in\/([A-Za-z0-9_-]{43})/.exec(mail ?? '')?.[1];
    const code = /Sign-in code: (\d{3}) (\d{3})/.exec(mail ?? '');
    if (!token || !code) throw new Error(`No sign-in email sent to ${email}`);
    return { token, code: code[1] + code[2] };
  }

  /**
   * The sessions whose end the api hears while `fn` runs; the worker's modules (their own Redis
   * subscriber, as another process has) must hear the same.
   */
  async function endedDuring(fn: () => Promise<unknown>, expected: number): Promise<string[]> {
    const listeners = [t.app.get(MemberSessionsService), t.worker!.get(MemberSessionsService)].map((sessions) => {
      const heard: string[] = [];
      return { heard, stop: sessions.onEnded(({ sessionIds }) => heard.push(...sessionIds)) };
    });
    const ended = (heard: string[]) => heard.filter((id) => !id.startsWith('probe'));
    try {
      // The first listener subscribes on Redis; an announcement made before it is confirmed is not heard.
      await eventually(async () => {
        await t.app.get(MemberSessionsService).announce(['probe']);
        for (const { heard } of listeners) expect(heard).toContain('probe');
      });
      await fn();
      await eventually(() => {
        for (const { heard } of listeners) expect(ended(heard)).toHaveLength(expected);
      });
      expect(ended(listeners[1].heard).sort()).toEqual(ended(listeners[0].heard).sort());
      return ended(listeners[0].heard);
    } finally {
      for (const { stop } of listeners) stop();
    }
  }

  describe('offers from the waitlist', () => {
    it('offers membership to the chosen rows, one per email, and reports those skipped', async () => {
      const [grace, cary] = await waitlist(
        { email: 'grace@example.com', name: 'Grace Kelly' },
        { email: 'cary@example.com' },
      );

      const first = await admin(t)
        .post('/members/offers', { tier: 'patron', entryIds: [grace, cary] })
        .expect(200);
      expect(first.body).toEqual({ offered: 2, skipped: [] });
      const rows = await sql<{ email: string; name: string; tier: string; status: string; waitlist_entry_id: string }>(
        `select email, name, tier, status, waitlist_entry_id from members order by email`,
      );
      expect(rows).toEqual([
        { email: 'cary@example.com', name: 'cary', tier: 'patron', status: 'offered', waitlist_entry_id: cary },
        {
          email: 'grace@example.com',
          name: 'Grace Kelly',
          tier: 'patron',
          status: 'offered',
          waitlist_entry_id: grace,
        },
      ]);

      const again = await admin(t)
        .post('/members/offers', { tier: 'black', entryIds: [grace] })
        .expect(200);
      expect(again.body).toEqual({ offered: 0, skipped: [{ email: 'grace@example.com', reason: 'ALREADY_OFFERED' }] });

      const token = await offerLink('grace@example.com');
      await device(t).post(`/api/membership/offers/${token}/accept`).send({ name: 'Grace Kelly' }).expect(200);
      const afterJoining = await admin(t)
        .post('/members/offers', { tier: 'black', entryIds: [grace, cary] })
        .expect(200);
      expect(afterJoining.body.skipped).toEqual(
        expect.arrayContaining([
          { email: 'grace@example.com', reason: 'ALREADY_MEMBER' },
          { email: 'cary@example.com', reason: 'ALREADY_OFFERED' },
        ]),
      );
      expect(afterJoining.body.offered).toBe(0);
    });

    it('offers membership to every row matching the waitlist filters', async () => {
      await waitlist(
        { email: 'a@example.com', campaign: 'riviera' },
        { email: 'b@example.com', campaign: 'riviera' },
        { email: 'c@example.com', campaign: 'alps' },
      );
      const answer = await admin(t)
        .post('/members/offers', { tier: 'nomad', allMatching: true, utmCampaign: 'riviera' })
        .expect(200);
      expect(answer.body).toEqual({ offered: 2, skipped: [] });
      const list = await admin(t).get('/members?status=offered&tier=nomad').expect(200);
      expect(list.body.total).toBe(2);
      expect(list.body.items.map((row: { email: string }) => row.email).sort()).toEqual([
        'a@example.com',
        'b@example.com',
      ]);
      expect(list.body.items[0].offer).toMatchObject({ state: 'pending' });

      await admin(t).post('/members/offers', { tier: 'nomad' }).expect(400);
    });

    it('sends the offer by email; opening the link (a GET) never consumes it, accepting does', async () => {
      const [entry] = await waitlist({ email: 'grace@example.com', name: 'Grace Kelly' });
      await admin(t)
        .post('/members/offers', { tier: 'voyager', entryIds: [entry] })
        .expect(200);
      const token = await offerLink('grace@example.com');
      const mail = mailTo('grace@example.com')[0];
      expect(mail).toContain('An Invitation to Membership');
      expect(mail).toContain('Voyager');

      for (let i = 0; i < 3; i++) {
        const shown = await request(t.http).get(`/api/membership/offers/${token}`).expect(200);
        expect(shown.body).toMatchObject({ name: 'Grace Kelly', email: 'grace@example.com', tier: 'voyager' });
      }

      const browser = device(t);
      const accepted = await browser
        .post(`/api/membership/offers/${token}/accept`)
        .send({ name: 'Grace Patricia Kelly' })
        .expect(200);
      expect(accepted.body.member).toMatchObject({ name: 'Grace Patricia Kelly', status: 'active', tier: 'voyager' });
      expect(accepted.headers['set-cookie']?.[0]).toMatch(/^mf_member=[A-Za-z0-9_-]{43};.*HttpOnly.*SameSite=Lax/);
      const me = await browser.get('/api/members/me').expect(200);
      expect(me.body).toMatchObject({ email: 'grace@example.com', passkeys: [] });
      expect(me.body.joinedAt).not.toBeNull();

      const used = await request(t.http).get(`/api/membership/offers/${token}`).expect(410);
      expect(used.body.code).toBe('OFFER_USED');
      const twice = await device(t)
        .post(`/api/membership/offers/${token}/accept`)
        .send({ name: 'Someone' })
        .expect(410);
      expect(twice.body.code).toBe('OFFER_USED');
      // The database keeps the link's hash, never the link.
      const [stored] = await sql<{ token_hash: string }>(`select token_hash from membership_offers`);
      expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    });

    it('refuses expired, revoked and unknown links with their codes; a resend replaces the link', async () => {
      const [entry] = await waitlist({ email: 'grace@example.com', name: 'Grace Kelly' });
      await admin(t)
        .post('/members/offers', { tier: 'voyager', entryIds: [entry] })
        .expect(200);
      const first = await offerLink('grace@example.com');
      const [{ id }] = await sql<{ id: string }>(`select id from members`);

      const revoked = await admin(t).post(`/members/${id}/offer/revoke`).expect(200);
      expect(revoked.body.offer.state).toBe('revoked');
      const refused = await request(t.http).get(`/api/membership/offers/${first}`).expect(410);
      expect(refused.body).toMatchObject({ code: 'OFFER_REVOKED' });
      expect(refused.body.error).toMatch(/withdrawn/);

      const resent = await admin(t).post(`/members/${id}/offer/resend`).expect(200);
      expect(resent.body.offer.state).toBe('pending');
      const second = await offerLink('grace@example.com', 1);
      expect(second).not.toBe(first);
      await request(t.http).get(`/api/membership/offers/${second}`).expect(200);

      await sql(`update membership_offers set expires_at = now() - interval '1 second'`);
      const expired = await request(t.http).get(`/api/membership/offers/${second}`).expect(410);
      expect(expired.body.code).toBe('OFFER_EXPIRED');
      const notAccepted = await device(t)
        .post(`/api/membership/offers/${second}/accept`)
        .send({ name: 'G' })
        .expect(410);
      expect(notAccepted.body.code).toBe('OFFER_EXPIRED');

      // Each staff action is in the audit log, with its actor.
      const audit = await sql<{ action: string; actor_name: string; target_id: string }>(
        `select action, actor_name, target_id from audit_log where target_type = 'member' and target_id = ? order by id`,
        [id],
      );
      expect(audit.map((row) => row.action)).toEqual(['member.offer', 'member.offer-revoke', 'member.offer-resend']);
      expect(audit.every((row) => row.target_id === id && row.actor_name === 'admin')).toBe(true);

      const unknown = await request(t.http).get(`/api/membership/offers/${randomBytes(32).toString('base64url')}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('OFFER_UNKNOWN');
    });
  });

  describe('signing in by email', () => {
    it('answers the same for an unknown address and sends it nothing', async () => {
      const browser = device(t);
      await member(browser);
      const known = await request(t.http).post('/api/members/sign-in/email').send({ email: 'grace@example.com' });
      const unknown = await request(t.http).post('/api/members/sign-in/email').send({ email: 'nobody@example.com' });
      expect([known.status, unknown.status]).toEqual([202, 202]);
      expect(unknown.body).toEqual(known.body);
      expect(unknown.body).toEqual({ sent: true });
      await t.drain();
      expect(mailTo('nobody@example.com')).toHaveLength(0);
      expect(mailTo('grace@example.com')).toHaveLength(2);
    });

    it('signs in with the link once; opening it does not use it', async () => {
      await member(device(t));
      const { token } = await signInEmail('grace@example.com');
      const laptop = device(t, SAFARI_IPHONE);
      for (let i = 0; i < 2; i++) {
        expect((await laptop.get(`/api/members/sign-in/link/${token}`).expect(200)).body).toEqual({
          email: 'grace@example.com',
        });
      }
      const signedIn = await laptop.post(`/api/members/sign-in/link/${token}`).expect(200);
      expect(signedIn.body.member.email).toBe('grace@example.com');
      await laptop.get('/api/members/me').expect(200);

      const again = await device(t).post(`/api/members/sign-in/link/${token}`).expect(410);
      expect(again.body.code).toBe('SIGN_IN_LINK_USED');
      expect((await device(t).get(`/api/members/sign-in/link/${token}`).expect(410)).body.code).toBe(
        'SIGN_IN_LINK_USED',
      );
    });

    it('refuses an expired link', async () => {
      await member(device(t));
      const { token } = await signInEmail('grace@example.com');
      await sql(`update member_sign_in_links set expires_at = now() - interval '1 second'`);
      expect((await device(t).post(`/api/members/sign-in/link/${token}`).expect(410)).body.code).toBe(
        'SIGN_IN_LINK_EXPIRED',
      );
    });

    it('signs in with the code once, and five wrong codes kill it', async () => {
      await member(device(t));
      const { code } = await signInEmail('grace@example.com');
      const phone = device(t, SAFARI_IPHONE);
      const signedIn = await phone.post('/api/members/sign-in/code').send({ email: 'Grace@Example.com', code });
      expect(signedIn.status).toBe(200);
      await phone.get('/api/members/me').expect(200);
      const reused = await device(t).post('/api/members/sign-in/code').send({ email: 'grace@example.com', code });
      expect(reused.status).toBe(400);
      expect(reused.body.code).toBe('SIGN_IN_CODE_WRONG');

      const second = await signInEmail('grace@example.com');
      const wrong = second.code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const answer = await device(t)
          .post('/api/members/sign-in/code')
          .send({ email: 'grace@example.com', code: wrong });
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe('SIGN_IN_CODE_WRONG');
      }
      const dead = await device(t)
        .post('/api/members/sign-in/code')
        .send({ email: 'grace@example.com', code: second.code });
      expect(dead.body.code).toBe('SIGN_IN_CODE_WRONG');
      expect((await device(t).post(`/api/members/sign-in/link/${second.token}`).expect(410)).body.code).toBe(
        'SIGN_IN_LINK_EXPIRED',
      );

      const stranger = await device(t).post('/api/members/sign-in/code').send({ email: 'nobody@example.com', code });
      expect(stranger.status).toBe(400);
      expect(stranger.body.code).toBe('SIGN_IN_CODE_WRONG');
    });

    it('closes signing in and accepting while the club is in maintenance', async () => {
      const [entry] = await waitlist({ email: 'grace@example.com', name: 'Grace Kelly' });
      await admin(t)
        .post('/members/offers', { tier: 'voyager', entryIds: [entry] })
        .expect(200);
      const token = await offerLink('grace@example.com');
      const auth = await asAdmin(t);
      const maintenance = (enabled: boolean) =>
        request(t.http).put('/api/admin/maintenance').set('Authorization', auth).send({ enabled }).expect(200);
      await maintenance(true);
      try {
        const refused = await request(t.http).post('/api/members/sign-in/email').send({ email: 'grace@example.com' });
        expect(refused.status).toBe(503);
        expect(refused.body.code).toBe('MAINTENANCE');
        await request(t.http).get(`/api/membership/offers/${token}`).expect(200);
        const accept = await device(t).post(`/api/membership/offers/${token}/accept`).send({ name: 'Grace' });
        expect(accept.status).toBe(503);
      } finally {
        await maintenance(false);
      }
      await device(t).post(`/api/membership/offers/${token}/accept`).send({ name: 'Grace' }).expect(200);
    });

    it('limits sign-in emails per address, whether or not it is a member’s', async () => {
      for (const email of ['grace@example.com', 'nobody@example.com']) {
        for (let i = 0; i < 4; i++) {
          await request(t.http).post('/api/members/sign-in/email').send({ email }).expect(202);
        }
        const limited = await request(t.http).post('/api/members/sign-in/email').send({ email });
        expect(limited.status).toBe(429);
        expect(limited.body.code).toBe('TOO_MANY_REQUESTS');
      }
    });
  });

  describe('sessions', () => {
    it('has no session without the cookie', async () => {
      const answer = await request(t.http).get('/api/members/me').expect(401);
      expect(answer.body.code).toBe('MEMBER_SIGNED_OUT');
      await request(t.http)
        .get('/api/members/me')
        .set('Cookie', `mf_member=${'a'.repeat(43)}`)
        .expect(401);
    });

    it('lists the devices, signs one out and every other out at once, and tells every process', async () => {
      const laptop = device(t, CHROME_MAC);
      await member(laptop);
      const phone = device(t, SAFARI_IPHONE);
      await phone
        .post('/api/members/sign-in/code')
        .send({ email: 'grace@example.com', ...(await signInEmail('grace@example.com')) })
        .expect(200);
      const tablet = device(t, SAFARI_IPHONE);
      const link = await signInEmail('grace@example.com');
      await tablet.post(`/api/members/sign-in/link/${link.token}`).expect(200);

      const list = await laptop.get('/api/members/me/sessions').expect(200);
      expect(list.body).toHaveLength(3);
      const current = list.body.find((session: { current: boolean }) => session.current);
      expect(current).toMatchObject({ browser: 'Chrome', system: 'macOS' });
      expect(list.body.filter((session: { system: string }) => session.system === 'iOS')).toHaveLength(2);

      const phoneId = (await phone.get('/api/members/me/sessions').expect(200)).body.find(
        (session: { current: boolean }) => session.current,
      ).id;
      const ended = await endedDuring(() => laptop.delete(`/api/members/me/sessions/${phoneId}`).expect(200), 1);
      expect(ended).toEqual([phoneId]);
      expect((await phone.get('/api/members/me').expect(401)).body.code).toBe('MEMBER_SIGNED_OUT');
      await tablet.get('/api/members/me').expect(200);

      await endedDuring(() => laptop.post('/api/members/me/sessions/sign-out-others').expect(200), 1);
      await tablet.get('/api/members/me').expect(401);
      await laptop.get('/api/members/me').expect(200);
      expect((await laptop.get('/api/members/me/sessions').expect(200)).body).toHaveLength(1);

      await laptop.post('/api/members/sign-out').expect(200);
      await laptop.get('/api/members/me').expect(401);
    });

    it('keeps only the hash of the session token and extends a session in use', async () => {
      const laptop = device(t);
      await member(laptop);
      const [session] = await sql<{ id: string; token_hash: string; expires_at: Date }>(
        `select id, token_hash, expires_at from member_sessions`,
      );
      expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
      await sql(
        `update member_sessions set last_seen_at = now() - interval '2 minutes', expires_at = now() + interval '1 day'`,
      );
      await laptop.get('/api/members/me').expect(200);
      const [after] = await sql<{ days: number }>(
        `select extract(epoch from expires_at - now()) / 86400 as days from member_sessions`,
      );
      expect(Number(after.days)).toBeGreaterThan(29);
      await sql(`update member_sessions set expires_at = now() - interval '1 second'`);
      await laptop.get('/api/members/me').expect(401);
    });

    it('ends every session of a suspended member at once, and lets them back in when lifted', async () => {
      const laptop = device(t);
      const id = await member(laptop);
      const phone = device(t, SAFARI_IPHONE);
      await phone.post(`/api/members/sign-in/link/${(await signInEmail('grace@example.com')).token}`).expect(200);

      const ended = await endedDuring(() => admin(t).patch(`/members/${id}`, { status: 'suspended' }).expect(200), 2);
      expect(ended).toHaveLength(2);
      await laptop.get('/api/members/me').expect(401);
      await phone.get('/api/members/me').expect(401);
      // A suspended member is sent no sign-in email.
      await request(t.http).post('/api/members/sign-in/email').send({ email: 'grace@example.com' }).expect(202);
      await t.drain();
      expect(mailTo('grace@example.com').filter((mail) => mail.includes('Your Sign-In Link'))).toHaveLength(1);

      const lifted = await admin(t).patch(`/members/${id}`, { status: 'active', tier: 'black' }).expect(200);
      expect(lifted.body).toMatchObject({ status: 'active', tier: 'black' });
      const [change] = await sql<{ changes: Record<string, unknown> }>(
        `select changes from audit_log where action = 'member.update' and target_id = ? order by id desc limit 1`,
        [id],
      );
      expect(change.changes).toEqual({ status: ['suspended', 'active'], tier: ['voyager', 'black'] });
      const { code } = await signInEmail('grace@example.com');
      await laptop.post('/api/members/sign-in/code').send({ email: 'grace@example.com', code }).expect(200);
    });
  });

  describe('the Members tab', () => {
    it('searches, filters and pages members', async () => {
      await waitlist(
        { email: 'grace@example.com', name: 'Grace Kelly' },
        { email: 'cary@example.com', name: 'Cary Grant' },
        { email: 'audrey@example.com', name: 'Audrey Hepburn' },
      );
      await admin(t).post('/members/offers', { tier: 'patron', allMatching: true }).expect(200);
      const page = await admin(t).get('/members?pageSize=2&page=2').expect(200);
      expect(page.body.total).toBe(3);
      expect(page.body.items).toHaveLength(1);
      const found = await admin(t).get('/members?search=GRANT').expect(200);
      expect(found.body.items.map((row: { name: string }) => row.name)).toEqual(['Cary Grant']);
      expect((await admin(t).get('/members?status=active').expect(200)).body.total).toBe(0);
      await admin(t).get('/members?tier=gold').expect(400);
      await admin(t).patch(`/members/${found.body.items[0].id}`, { status: 'active' }).expect(409);
    });
  });

  describe('passkeys', () => {
    it('says passkeys are available on a domain name', async () => {
      expect((await request(t.http).get('/api/members/passkeys/available').expect(200)).body).toEqual({
        available: true,
      });
    });

    it('registers a passkey and signs in with it (a real ES256 credential, none attestation)', async () => {
      const laptop = device(t);
      const memberId = await member(laptop);
      const authenticator = new SoftAuthenticator(RP_ID, ORIGIN);

      const creation = await laptop.post('/api/members/me/passkeys/options').expect(200);
      expect(creation.body.rp).toEqual({ id: RP_ID, name: 'Maison Fortuna' });
      const registered = await laptop
        .post('/api/members/me/passkeys')
        .send({ response: authenticator.create(creation.body.challenge), name: 'My Laptop' })
        .expect(201);
      expect(registered.body).toMatchObject({ name: 'My Laptop', lastUsedAt: null });
      // The challenge is good once.
      await laptop
        .post('/api/members/me/passkeys')
        .send({ response: authenticator.create(creation.body.challenge) })
        .expect(400);

      const phone = device(t, SAFARI_IPHONE);
      const options = await phone.post('/api/members/sign-in/passkey/options').expect(200);
      expect(options.headers['set-cookie']?.[0]).toMatch(/^mf_member_challenge=.*HttpOnly/);
      const signedIn = await phone
        .post('/api/members/sign-in/passkey')
        .send({ response: authenticator.get(options.body.challenge, memberId) })
        .expect(200);
      expect(signedIn.body.member.passkeys[0].lastUsedAt).not.toBeNull();
      await phone.get('/api/members/me').expect(200);

      // Another browser (no challenge cookie), or a replayed answer, is refused.
      const replay = await device(t)
        .post('/api/members/sign-in/passkey')
        .send({ response: authenticator.get(options.body.challenge, memberId) });
      expect(replay.status).toBe(400);
      expect(replay.body.code).toBe('PASSKEY_REFUSED');

      const renamed = await laptop
        .patch(`/api/members/me/passkeys/${registered.body.id}`)
        .send({ name: 'Work Laptop' })
        .expect(200);
      expect(renamed.body.name).toBe('Work Laptop');
      await laptop.delete(`/api/members/me/passkeys/${registered.body.id}`).expect(200);
      const again = await phone.post('/api/members/sign-in/passkey/options').expect(200);
      const removed = await phone
        .post('/api/members/sign-in/passkey')
        .send({ response: authenticator.get(again.body.challenge, memberId) });
      expect(removed.body.code).toBe('PASSKEY_REFUSED');
    });
  });
});

describe('Members on a site reached by an IP address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...adminEnv, APP_URL: 'http://127.0.0.1:3000' } });
  });
  afterAll(() => t.close());

  it('offers no passkeys (browsers refuse them there): email sign-in only', async () => {
    expect((await request(t.http).get('/api/members/passkeys/available').expect(200)).body).toEqual({
      available: false,
    });
    const options = await request(t.http).post('/api/members/sign-in/passkey/options').expect(503);
    expect(options.body.code).toBe('PASSKEYS_UNAVAILABLE');
  });
});

/** Minimal CBOR for the shapes WebAuthn uses: maps with integer or text keys, integers, text and bytes. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error('cbor: unsupported value');
}

/** A platform authenticator in software: one ES256 credential, 'none' attestation. */
class SoftAuthenticator {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private readonly credentialId = randomBytes(16);
  private counter = 0;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {}

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private authData(flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++this.counter);
    const rpIdHash = createHash('sha256').update(this.rpId).digest();
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  create(challenge: string) {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    // User present, user verified, attested credential data included.
    const authData = this.authData(0x45, attested);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const id = this.credentialId.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', challenge).toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  get(challenge: string, userId: string) {
    const clientData = this.clientData('webauthn.get', challenge);
    const authData = this.authData(0x05);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientData).digest()]),
      this.keys.privateKey,
    );
    const id = this.credentialId.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: Buffer.from(userId).toString('base64url'),
      },
      clientExtensionResults: {},
    };
  }
}
