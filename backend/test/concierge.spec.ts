import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { RequestsService } from '../src/modules/requests/requests.service';
import { asAdmin } from './support/admin';
import { parseSse } from './support/sse';
import { createTestApp, type TestApp } from './support/test-app';

const PASSWORD = 'members-only-password';

/**
 * Each request, the place and the topic heading the composer must derive from it, and the
 * service-catalogue category it must offer. The heading and the catalogue's name come from the
 * parse, never from the member's own words, so a wrong category cannot pass.
 */
const REQUESTS: Array<[string, string, string, string]> = [
  ['Book me a table at a Michelin restaurant in Paris tonight', 'Paris', 'Dining', 'Restaurants & Dining'],
  ['I need a villa in Mykonos next weekend with a private chef', 'Mykonos', 'Residences', 'Luxury Accommodations'],
  ['Charter a yacht in Monaco for the Grand Prix', 'Monaco', 'Events', 'Exclusive Experiences'],
  ['A spa day in St. Moritz this weekend', 'St. Moritz', 'Wellness', 'Wellness & Spa'],
  ['Private jet from London to Dubai tomorrow', 'London', 'Transportation', 'Premium Transportation'],
  ['Ski chalet in Courchevel for Christmas', 'Courchevel', 'Residences', 'Luxury Accommodations'],
  ['Birthday party in Ibiza on July 14 for 40 guests', 'Ibiza', 'Events', 'Exclusive Experiences'],
  ['A personal shopper in Milan for fashion week', 'Milan', 'Fashion', 'Fashion & Retail'],
  ['Private gallery viewing in New York next week', 'New York', 'Art', 'Other Luxury Services'],
  ['Honeymoon in the Maldives in December', 'Maldives', 'Travel', 'Luxury Accommodations'],
  ['Penthouse rental in Miami next month', 'Miami', 'Residences', 'Luxury Accommodations'],
  ['Chauffeur and a Rolls-Royce in Geneva tomorrow', 'Geneva', 'Transportation', 'Premium Transportation'],
  ['Detox retreat in Bali next month', 'Bali', 'Wellness', 'Wellness & Spa'],
  ['Bespoke suit from a tailor in London', 'London', 'Fashion', 'Fashion & Retail'],
  ['Anniversary dinner in Santorini at sunset', 'Santorini', 'Dining', 'Restaurants & Dining'],
  ['Family safari in Kenya next year', 'Kenya', 'Travel', 'Luxury Accommodations'],
  ['Helicopter transfer from Nice to Cannes tomorrow morning', 'Nice', 'Transportation', 'Premium Transportation'],
  ['Wedding in Tuscany next summer with fireworks', 'Tuscany', 'Events', 'Exclusive Experiences'],
  ["Auction at Sotheby's in Hong Kong in two weeks", 'Hong Kong', 'Art', 'Other Luxury Services'],
  ['Luxury ski holiday in Aspen in February', 'Aspen', 'Travel', 'Luxury Accommodations'],
];

describe('the concierge with the offline engine', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ worker: true, env: { CONCIERGE_PASSWORD: PASSWORD, OPENAI_API_KEY: '' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function member() {
    const agent = request.agent(t.http);
    await agent.post('/api/concierge/auth').send({ password: PASSWORD }).expect(200);
    return agent;
  }

  async function signIn(): Promise<string> {
    const response = await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(200);
    return String(response.headers['set-cookie']).split(';')[0];
  }

  function readStream(cookie: string, message: string) {
    return request(t.http)
      .post('/api/chat/stream')
      .set('Cookie', cookie)
      .send({ threadId: randomUUID(), message })
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => done(null, text));
      });
  }

  describe('the members’ gate', () => {
    it('lets a member in with the right password and a signed, httpOnly, SameSite=Lax cookie', async () => {
      const agent = request.agent(t.http);
      await agent.get('/api/concierge/session').expect(200, { success: true, data: { authenticated: false } });
      const response = await agent.post('/api/concierge/auth').send({ password: PASSWORD }).expect(200);
      expect(response.body).toMatchObject({ success: true, data: { authenticated: true } });
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/mf_concierge=/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      await agent.get('/api/concierge/session').expect(200, { success: true, data: { authenticated: true } });
      await agent.post('/api/concierge/logout').expect(200, { success: true });
      await agent.get('/api/concierge/session').expect(200, { success: true, data: { authenticated: false } });
    });

    it('refuses a wrong password with the spec’s words', async () => {
      const response = await request(t.http).post('/api/concierge/auth').send({ password: 'guess' }).expect(401);
      expect(response.body).toEqual({
        success: false,
        error: 'Invalid password. Please try again.',
        code: 'UNAUTHORIZED',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('asks for a password when none is sent', async () => {
      const response = await request(t.http).post('/api/concierge/auth').send({}).expect(400);
      expect(response.body).toMatchObject({ success: false, error: 'Password is required' });
    });

    it('blocks an address after 5 wrong passwords in 15 minutes, even with the right one', async () => {
      for (let i = 0; i < 5; i += 1) {
        await request(t.http)
          .post('/api/concierge/auth')
          .send({ password: `wrong-${i}` })
          .expect(401);
      }
      const blocked = await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(429);
      expect(blocked.body).toEqual({
        success: false,
        error: 'Too many failed attempts. Please wait 15 minutes and try again.',
        code: 'TOO_MANY_REQUESTS',
      });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    });

    it('refuses a forged or tampered cookie', async () => {
      const agent = await member();
      await request(t.http)
        .post('/api/chat/title')
        .set('Cookie', 'mf_concierge=9999999999999.abc.forged')
        .send({ message: 'Dinner in Paris' })
        .expect(401);
      await agent.post('/api/chat/title').send({ message: 'Dinner in Paris' }).expect(200);
    });

    it('answers 401 to streaming and titles without a session', async () => {
      const stream = await request(t.http)
        .post('/api/chat/stream')
        .send({ threadId: randomUUID(), message: 'Hello' })
        .expect(401);
      expect(stream.body).toEqual({
        success: false,
        error: 'Your concierge session has ended. Please enter the password again.',
        code: 'SESSION_ENDED',
      });
      await request(t.http).post('/api/chat/title').send({ message: 'Hello' }).expect(401);
    });

    it('counts parallel wrong guesses before comparing them: only 5 are compared, the rest are refused with 429', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          request(t.http)
            .post('/api/concierge/auth')
            .send({ password: `guess-${i}` }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(429);
    });

    it('starts the count again after the right password', async () => {
      for (let i = 0; i < 4; i += 1) {
        await request(t.http)
          .post('/api/concierge/auth')
          .send({ password: `wrong-${i}` })
          .expect(401);
      }
      await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(200);
      for (let i = 0; i < 5; i += 1) {
        await request(t.http)
          .post('/api/concierge/auth')
          .send({ password: `again-${i}` })
          .expect(401);
      }
      await request(t.http).post('/api/concierge/auth').send({ password: 'one-too-many' }).expect(429);
    });

    it('signs out on the server: a copy of the cookie taken before logout no longer opens anything', async () => {
      const cookie = await signIn();
      await request(t.http)
        .post('/api/chat/title')
        .set('Cookie', cookie)
        .send({ message: 'Dinner in Paris' })
        .expect(200);
      const logout = await request(t.http)
        .post('/api/concierge/logout')
        .set('Cookie', cookie)
        .expect(200, { success: true });
      expect(String(logout.headers['set-cookie'])).toMatch(/mf_concierge=;/);

      const title = await request(t.http)
        .post('/api/chat/title')
        .set('Cookie', cookie)
        .send({ message: 'Dinner in Paris' })
        .expect(401);
      expect(title.body).toEqual({
        success: false,
        error: 'Your concierge session has ended. Please enter the password again.',
        code: 'SESSION_ENDED',
      });
      await readStream(cookie, 'Dinner in Paris').expect(401);
      await request(t.http)
        .get('/api/concierge/session')
        .set('Cookie', cookie)
        .expect(200, { success: true, data: { authenticated: false } });
      // Another member's session is untouched.
      const other = await signIn();
      await request(t.http)
        .post('/api/chat/title')
        .set('Cookie', other)
        .send({ message: 'Dinner in Paris' })
        .expect(200);
    });
  });

  describe('maintenance mode', () => {
    let admin: string;
    beforeEach(async () => {
      admin = await asAdmin(t);
    });
    afterEach(async () => {
      await request(t.http)
        .put('/api/admin/maintenance')
        .set('Authorization', admin)
        .send({ enabled: false })
        .expect(200);
    });

    it('refuses every concierge write with 503 while it is on, and serves them again once it is off', async () => {
      const cookie = await signIn();
      await request(t.http)
        .put('/api/admin/maintenance')
        .set('Authorization', admin)
        .send({ enabled: true })
        .expect(200);
      const refused = {
        success: false,
        error: 'We are performing scheduled maintenance. Please try again shortly.',
        code: 'MAINTENANCE',
      };

      const stream = await request(t.http)
        .post('/api/chat/stream')
        .set('Cookie', cookie)
        .send({ threadId: randomUUID(), message: 'A yacht in Monaco' })
        .expect(503);
      expect(stream.body).toEqual(refused);
      await request(t.http)
        .post('/api/chat/title')
        .set('Cookie', cookie)
        .send({ message: 'A yacht in Monaco' })
        .expect(503, refused);
      await request(t.http).post('/api/chat').send({ message: 'A yacht in Monaco' }).expect(503, refused);
      await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(503, refused);
      await request(t.http)
        .post('/api/user-requests/3f1e8c52-4f6e-4b8f-9a52-0d7f1c2b3a4d/next-step')
        .expect(503, refused);
      // Reading and signing out still work.
      await request(t.http).get('/api/concierge/session').set('Cookie', cookie).expect(200);

      await request(t.http)
        .put('/api/admin/maintenance')
        .set('Authorization', admin)
        .send({ enabled: false })
        .expect(200);
      await request(t.http)
        .post('/api/chat/title')
        .set('Cookie', cookie)
        .send({ message: 'A yacht in Monaco' })
        .expect(200);
      const reply = await readStream(cookie, 'A yacht in Monaco').expect(200);
      expect(parseSse(reply.body as string).pop()?.event).toBe('done');
      await request(t.http).post('/api/concierge/logout').set('Cookie', cookie).expect(200);
    });
  });

  describe('POST /api/chat', () => {
    it('answers each of 20 requests about its own topic and place, signed by the concierge', async () => {
      const replies = new Set<string>();
      for (const [message, place, heading, catalogue] of REQUESTS) {
        const response = await request(t.http).post('/api/chat').send({ message }).expect(200);
        expect(response.body.success).toBe(true);
        const reply: string = response.body.data.response;
        expect(reply.split('\n')[0]).toBe(`### ${heading} in ${place}`);
        expect(reply).toContain(`- **Request:** ${heading}`);
        expect(reply).toContain(`Within *${catalogue}* we also cover`);
        expect(reply).toMatch(/Maison Fortuna Concierge\*?$/);
        expect(new Date(response.body.data.timestamp).toString()).not.toBe('Invalid Date');
        replies.add(reply);
      }
      expect(replies.size).toBe(REQUESTS.length);
    });

    it('asks for what is missing and remembers what was said earlier in the conversation', async () => {
      const first = await request(t.http)
        .post('/api/chat')
        .send({ message: 'I would like dinner for two' })
        .expect(200);
      expect(first.body.data.response).toMatch(/Which city or destination/);
      const second = await request(t.http)
        .post('/api/chat')
        .send({
          message: 'In Rome, on Friday',
          conversationHistory: [
            { role: 'user', content: 'I would like dinner for two' },
            { role: 'assistant', content: first.body.data.response },
          ],
        })
        .expect(200);
      expect(second.body.data.response).toContain('Rome');
      expect(second.body.data.response).toMatch(/Dining/);
      expect(second.body.data.response).not.toMatch(/Which city or destination/);
    });

    it('greets a greeting without recording a request', async () => {
      const response = await request(t.http)
        .post('/api/chat')
        .send({ message: 'Hello', sessionId: 'session-greeting' })
        .expect(200);
      expect(response.body.data.response).toMatch(/welcome to Maison Fortuna/i);
      expect(response.body.data.requestId).toBeUndefined();
    });

    it('recommends active partners of the directory in the place asked for, whatever their spelling of it', async () => {
      const admin = await asAdmin(t);
      const vendors = [
        {
          name: 'Le Cinq Private Room',
          category: 'restaurants',
          city: 'PARIS',
          status: 'active',
          description: 'Three Michelin stars, private room for twelve',
        },
        { name: 'Rive Gauche Table', category: 'restaurants', city: 'Paris 7e', status: 'active' },
        { name: 'Closed Bistro', category: 'restaurants', city: 'Paris', status: 'inactive' },
        { name: 'Roman Trattoria', category: 'restaurants', city: 'Rome', status: 'active' },
        { name: 'Badrutt Spa', category: 'wellness', city: 'Saint-Moritz', status: 'active' },
        { name: 'Le Mont-Royal Spa', category: 'wellness', city: 'Montréal', status: 'active' },
      ];
      for (const vendor of vendors) {
        await request(t.http).post('/api/admin/vendors').set('Authorization', admin).send(vendor).expect(201);
      }

      const paris = (await request(t.http).post('/api/chat').send({ message: 'Dinner in Paris tonight' }).expect(200))
        .body.data.response;
      expect(paris).toContain('**From our partner directory in Paris**');
      expect(paris).toContain('Le Cinq Private Room');
      expect(paris).toContain('Rive Gauche Table');
      expect(paris).not.toContain('Closed Bistro');
      expect(paris).not.toContain('Roman Trattoria');

      const moritz = (await request(t.http).post('/api/chat').send({ message: 'A spa day in St. Moritz' }).expect(200))
        .body.data.response;
      expect(moritz).toContain('Badrutt Spa');
      expect(moritz).not.toContain('Le Mont-Royal Spa');
      const montreal = (
        await request(t.http).post('/api/chat').send({ message: 'A massage in Montreal tomorrow' }).expect(200)
      ).body.data.response;
      expect(montreal).toContain('Le Mont-Royal Spa');
    });

    it.each([
      [{ message: '' }, 'Please type a message.'],
      [{ message: '   ' }, 'Please type a message.'],
      [{}, 'Please type a message.'],
      [{ message: 42 }, 'Please type a message.'],
      [{ message: 'x'.repeat(4001) }, 'Your message is too long (4000 characters at most).'],
      [{ message: 'Hi', conversationHistory: 'nope' }, 'The conversation must be a list of messages'],
      [
        { message: 'Hi', conversationHistory: [{ role: 'wizard', content: 'x' }] },
        'Each message role must be user, assistant or system',
      ],
      [{ message: 'Hi', userLocation: { latitude: 'north' } }, 'Latitude must be a number'],
    ])('refuses %j with a readable 400', async (body, error) => {
      const response = await request(t.http).post('/api/chat').send(body).expect(400);
      expect(response.body).toMatchObject({ success: false, error });
    });
  });

  describe('user requests', () => {
    it('records a request for the session, parses it on the request-parsing queue, and asks a follow-up', async () => {
      const chat = await request(t.http)
        .post('/api/chat')
        .send({ message: 'A villa in Mykonos next weekend with a yacht', sessionId: 'session-a' })
        .expect(200);
      const requestId: string = chat.body.data.requestId;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

      await t.drain();
      const one = await request(t.http).get(`/api/user-requests/${requestId}`).expect(200);
      expect(one.body).toMatchObject({
        success: true,
        data: {
          request: {
            id: requestId,
            sessionId: 'session-a',
            status: 'received',
            text: 'A villa in Mykonos next weekend with a yacht',
            parsedEntities: {
              mainCategory: 'property',
              location: 'Mykonos, Greece',
              timeline: 'next weekend',
              urgency: 'medium',
              budget: null,
              preferences: ['villa', 'yacht'],
            },
          },
        },
      });

      // More detail on the same request extends it; the parse follows.
      const more = await request(t.http)
        .post('/api/chat')
        .send({ message: 'Make it a villa with a budget of $40,000', sessionId: 'session-a' })
        .expect(200);
      expect(more.body.data.requestId).toBe(requestId);
      await t.drain();
      const updated = await request(t.http).get(`/api/user-requests/${requestId}`).expect(200);
      expect(updated.body.data.request).toMatchObject({ status: 'received', parsedEntities: { budget: '$40,000' } });

      const list = await request(t.http).get('/api/user-requests').query({ sessionId: 'session-a' }).expect(200);
      expect(list.body.success).toBe(true);
      expect(list.body.data).toHaveLength(1);
      await request(t.http)
        .get('/api/user-requests')
        .query({ sessionId: 'session-b' })
        .expect(200, { success: true, data: [] });

      const next = await request(t.http).post(`/api/user-requests/${requestId}/next-step`).expect(200);
      expect(next.body).toEqual({
        success: true,
        data: { content: expect.stringMatching(/How many will be in your party\?/) },
      });
    });

    async function say(sessionId: string, message: string): Promise<string | undefined> {
      const response = await request(t.http).post('/api/chat').send({ message, sessionId }).expect(200);
      return response.body.data.requestId as string | undefined;
    }

    async function requestsOf(
      sessionId: string,
    ): Promise<Array<{ id: string; status: string; closedReason: string | null; mergedInto: unknown; text: string }>> {
      const list = await request(t.http).get('/api/user-requests').query({ sessionId }).expect(200);
      return list.body.data;
    }

    it('opens a new request for an unrelated ask, and leaves the earlier one open', async () => {
      const dinner = await say('s', 'Dinner in Paris tonight');
      const spa = await say('s', 'A spa day in Geneva');
      expect(spa).not.toBe(dinner);
      const [latest, earlier] = await requestsOf('s');
      expect(latest).toMatchObject({ id: spa, status: 'received', closedReason: null, mergedInto: null });
      expect(earlier).toMatchObject({ id: dinner, status: 'received', closedReason: null, mergedInto: null });
      // More detail goes to the open request on its topic; each stays received until the concierge team takes it up.
      expect(await say('s', 'A massage as well, in the afternoon')).toBe(spa);
      expect(await say('s', 'And a dessert at the dinner, please')).toBe(dinner);
      const both = await requestsOf('s');
      expect(both.map((r) => r.status)).toEqual(['received', 'received']);
      expect(both[0].text).toMatch(/massage/);
      expect(both[1].text).toMatch(/dessert/);
    });

    it('folds an untaken request into a later ask of the same thing, and says into which', async () => {
      const ago = (id: string | undefined) =>
        t.orm.em
          .getConnection()
          .execute(`update user_requests set updated_at = now() - interval '2 hours' where id = ?`, [id]);
      const first = await say('lisbon', 'A villa in Lisbon from 12 to 15 June');
      // Past the time a message adds detail to it: the member asks again.
      await ago(first);
      const again = await say('lisbon', 'A villa in Lisbon from 12 to 15 June, with a sea view');
      expect(again).not.toBe(first);
      const [latest, earlier] = await requestsOf('lisbon');
      expect(latest).toMatchObject({ id: again, status: 'received', mergedInto: null });
      expect(latest.text).toBe(
        'A villa in Lisbon from 12 to 15 June\nA villa in Lisbon from 12 to 15 June, with a sea view',
      );
      expect(earlier).toMatchObject({
        id: first,
        status: 'cancelled',
        closedReason: 'merged',
        mergedInto: { id: again, summary: 'Lisbon, June 15' },
      });
      const history = await request(t.http).get(`/api/user-requests/${first}`).expect(200);
      expect(history.body.data.request.mergedInto).toEqual({ id: again, summary: 'Lisbon, June 15' });

      // A request the team has taken up is never folded away, nor one in another city.
      await request(t.http)
        .patch(`/api/admin/user-requests/${again}`)
        .set('Authorization', await asAdmin(t))
        .send({ status: 'in_progress' })
        .expect(200);
      await ago(again);
      const third = await say('lisbon', 'Another villa in Lisbon from 12 to 15 June');
      await ago(third);
      const porto = await say('lisbon', 'A villa in Porto from 12 to 15 June');
      expect(new Set([again, third, porto]).size).toBe(3);
      const list = await requestsOf('lisbon');
      const statusOf = (id: string | undefined) => list.find((r) => r.id === id)?.status;
      expect([first, again, third, porto].map(statusOf)).toEqual(['cancelled', 'in_progress', 'received', 'received']);
    });

    it('records no request for thanks or small talk, even when they name a dinner', async () => {
      for (const message of [
        'We had a nice dinner, thanks',
        'Thank you so much!',
        'Perfect.',
        'Hello',
        'How are you today?',
      ]) {
        const response = await request(t.http).post('/api/chat').send({ message, sessionId: 'polite' }).expect(200);
        expect(response.body.data.requestId).toBeUndefined();
        expect(response.body.data.response).not.toMatch(/^### /);
      }
      expect(await requestsOf('polite')).toEqual([]);
      const thanked = await request(t.http)
        .post('/api/chat')
        .send({ message: 'We had a nice dinner, thanks', sessionId: 'polite' })
        .expect(200);
      expect(thanked.body.data.response).toMatch(/^I am so pleased to hear it/);
    });

    it('completes the open request when the member reports it went well, and cancels it when asked', async () => {
      const dinner = await say('life', 'A table for two in Rome on Friday');
      expect(await say('life', 'Thanks, that sounds lovely')).toBeUndefined();
      expect((await requestsOf('life'))[0]).toMatchObject({ id: dinner, status: 'received' });
      expect(await say('life', 'We had a wonderful dinner, thank you')).toBeUndefined();
      expect((await requestsOf('life'))[0]).toMatchObject({ id: dinner, status: 'completed', closedReason: 'member' });

      const villa = await say('life', 'A villa in Mykonos next weekend');
      expect(villa).not.toBe(dinner);
      const cancelled = await request(t.http)
        .post('/api/chat')
        .send({ message: 'Actually, please cancel that', sessionId: 'life' })
        .expect(200);
      expect(cancelled.body.data.requestId).toBeUndefined();
      expect(cancelled.body.data.response).toMatch(/nothing will be booked/);
      const [latest] = await requestsOf('life');
      expect(latest).toMatchObject({ id: villa, status: 'cancelled', closedReason: 'member' });
      // A closed request is never extended: asking again opens a new one.
      const again = await say('life', 'A villa in Mykonos next weekend after all');
      expect(again).not.toBe(villa);
    });

    it('lets the concierge team mark a request in progress, completed or cancelled', async () => {
      const admin = await asAdmin(t);
      const id = await say('team', 'A chauffeur in Geneva tomorrow');
      await request(t.http).patch(`/api/admin/user-requests/${id}`).send({ status: 'completed' }).expect(401);
      const invalid = await request(t.http)
        .patch(`/api/admin/user-requests/${id}`)
        .set('Authorization', admin)
        .send({ status: 'open' })
        .expect(400);
      expect(invalid.body).toMatchObject({
        success: false,
        error: 'Status must be one of received, in_progress, options_proposed, confirmed, completed, cancelled',
      });
      const progress = await request(t.http)
        .patch(`/api/admin/user-requests/${id}`)
        .set('Authorization', admin)
        .send({ status: 'in_progress' })
        .expect(200);
      expect(progress.body.data).toMatchObject({ id, status: 'in_progress', closedReason: null });
      const done = await request(t.http)
        .patch(`/api/admin/user-requests/${id}`)
        .set('Authorization', admin)
        .send({ status: 'completed' })
        .expect(200);
      expect(done.body.data).toMatchObject({ id, status: 'completed', closedReason: 'staff' });
      await request(t.http)
        .patch(`/api/admin/user-requests/${id}`)
        .set('Authorization', admin)
        .send({ status: 'cancelled' })
        .expect(409, { success: false, error: 'This request is already completed.', code: 'CONFLICT' });
      await request(t.http)
        .patch('/api/admin/user-requests/3f1e8c52-4f6e-4b8f-9a52-0d7f1c2b3a4d')
        .set('Authorization', admin)
        .send({ status: 'cancelled' })
        .expect(404);
    });

    it('answers 404 to an unknown or malformed request id, and 400 without a session id', async () => {
      await request(t.http).get('/api/user-requests/3f1e8c52-4f6e-4b8f-9a52-0d7f1c2b3a4d').expect(404);
      const bad = await request(t.http).get('/api/user-requests/not-a-uuid').expect(404);
      expect(bad.body).toEqual({ success: false, error: 'Request not found.', code: 'NOT_FOUND' });
      await request(t.http).post('/api/user-requests/not-a-uuid/next-step').expect(404);
      const missing = await request(t.http).get('/api/user-requests').expect(400);
      expect(missing.body).toMatchObject({ success: false, error: 'The session id is required' });
    });
  });

  describe('the threaded chat', () => {
    it('streams a Markdown reply as delta frames, then the whole message', async () => {
      const agent = await member();
      const response = await agent
        .post('/api/chat/stream')
        .send({ threadId: randomUUID(), message: 'A yacht charter in Monaco next weekend' })
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => done(null, text));
        })
        .expect(200);
      expect(response.headers['content-type']).toMatch(/text\/event-stream/);
      expect(response.headers['x-accel-buffering']).toBe('no');
      const frames = parseSse(response.body as string);
      const deltas = frames.filter((f) => f.event === 'delta');
      expect(deltas.length).toBeGreaterThan(5);
      const done = frames[frames.length - 1];
      expect(done.event).toBe('done');
      const message = done.data.message as { id: string; role: string; content: string; createdAt: string };
      expect(message.role).toBe('assistant');
      expect(message.content).toBe(deltas.map((d) => d.data.content).join(''));
      expect(message.content).toContain('Monaco');
      expect(message.content).toMatch(/\*\*/);
    });

    it('refuses a malformed message with a 400 before any stream starts, and writes nothing', async () => {
      const agent = await member();
      const threadId = randomUUID();
      await agent.post('/api/chat/stream').send({ threadId, message: '' }).expect(400);
      await agent
        .post('/api/chat/stream')
        .send({ threadId, message: ['hello'] })
        .expect(400);
      await agent.post('/api/chat/stream').send({ threadId: 't', message: 'Hello' }).expect(400);
      const long = await agent
        .post('/api/chat/stream')
        .send({ threadId, message: 'x'.repeat(4001) })
        .expect(400);
      expect(long.body.error).toBe('Your message is too long (4000 characters at most).');
      // Regenerate in a thread with no message of the member's: nothing to answer.
      await agent
        .post('/api/chat/stream')
        .send({ threadId })
        .expect(400, { success: false, error: 'The last message must be yours.', code: 'BAD_REQUEST' });
      const [{ count }] = await t.orm.em
        .getConnection()
        .execute<Array<{ count: number }>>('select count(*)::int as count from concierge_messages');
      expect(count).toBe(0);
    });

    it('answers a thread of 200 messages from its recent turns', async () => {
      const agent = await member();
      const threadId = randomUUID();
      // The thread as the server holds it: its first reply creates it, then 198 more messages.
      await agent.post('/api/chat/stream').send({ threadId, message: 'Dinner in Paris, detail 0' }).expect(200);
      await t.orm.em.getConnection().execute(
        `insert into concierge_messages (id, thread_id, role, content)
         select gen_random_uuid(), ?, case when i % 2 = 0 then 'user' else 'assistant' end,
                case when i % 2 = 0 then 'Dinner in Paris, detail ' || i else 'Noted.' end
           from generate_series(2, 199) as i order by i`,
        [threadId],
      );
      const response = await agent
        .post('/api/chat/stream')
        .send({ threadId, message: 'Now a spa day in Geneva, please' })
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => done(null, text));
        })
        .expect(200);
      const done = parseSse(response.body as string).pop();
      expect(done?.event).toBe('done');
      expect((done?.data.message as { content: string }).content.split('\n')[0]).toBe('### Wellness in Geneva');
    });

    it('titles a conversation in 4 to 5 words, and falls back to "New conversation"', async () => {
      const agent = await member();
      const titled = await agent
        .post('/api/chat/title')
        .send({ message: 'Book a villa in Mykonos next weekend' })
        .expect(200);
      const words = (titled.body.data.title as string).split(' ');
      expect(words.length).toBeGreaterThanOrEqual(4);
      expect(words.length).toBeLessThanOrEqual(5);
      expect(titled.body.data.title).toContain('Mykonos');
      await agent
        .post('/api/chat/title')
        .send({ message: '' })
        .expect(200, { success: true, data: { title: 'New conversation' } });
      await agent
        .post('/api/chat/title')
        .send({})
        .expect(200, { success: true, data: { title: 'New conversation' } });
    });
  });
});

describe('the concierge before the worker has parsed a request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CONCIERGE_PASSWORD: PASSWORD, OPENAI_API_KEY: '' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  it('asks its follow-up from the latest text, not from a parse made before the member added detail', async () => {
    const chat = (message: string) =>
      request(t.http).post('/api/chat').send({ message, sessionId: 'stale' }).expect(200);
    const id: string = (await chat('A villa in Mykonos with a pool')).body.data.requestId;
    // The parse the worker would run, on the text as it is now.
    await t.app.get(RequestsService).parse(id);
    const first = await request(t.http).post(`/api/user-requests/${id}/next-step`).expect(200);
    expect(first.body.data.content).toBe('What dates, or which day and time, should I plan around?');

    expect((await chat('For 6 people next weekend, with a budget of $40,000')).body.data.requestId).toBe(id);
    // No worker has parsed the new text: the stored parse is stale.
    const next = await request(t.http).post(`/api/user-requests/${id}/next-step`).expect(200);
    expect(next.body.data.content).not.toMatch(/What dates|How many|budget/);
    expect(next.body.data.content).toMatch(/Mykonos, Greece for next weekend/);
    const stored = await request(t.http).get(`/api/user-requests/${id}`).expect(200);
    expect(stored.body.data.request.parsedEntities).toMatchObject({ timeline: 'next weekend', budget: '$40,000' });
  });
});

describe('the concierge on an https address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CONCIERGE_PASSWORD: PASSWORD, APP_URL: 'https://club.example.com' } });
  });
  afterAll(() => t.close());

  it('marks the session cookie Secure', async () => {
    const response = await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/mf_concierge=[^;]+;/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });
});

describe('the concierge without a configured password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CONCIERGE_PASSWORD: '' } });
  });
  afterAll(() => t.close());

  it('keeps the gate closed with a clear 503', async () => {
    const response = await request(t.http).post('/api/concierge/auth').send({ password: 'anything' }).expect(503);
    expect(response.body).toEqual({
      success: false,
      error: 'The concierge area is closed: no concierge password is configured on the server.',
      code: 'UNAVAILABLE',
    });
    await request(t.http)
      .get('/api/concierge/session')
      .expect(200, { success: true, data: { authenticated: false } });
  });
});
