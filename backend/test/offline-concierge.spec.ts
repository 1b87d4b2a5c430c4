import request from 'supertest';
import { asAdmin } from './support/admin';
import { createTestApp, type TestApp } from './support/test-app';

/** The offline engine as a member meets it: what it keeps of a request, and what it only answers. */
describe('an offline concierge that listens', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ worker: true, env: { OPENAI_API_KEY: '' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  it('answers a question about the weather in a sentence or two, and opens no request', async () => {
    const chat = await request(t.http)
      .post('/api/chat')
      .send({ message: 'What is the weather like in St Barths in February?', sessionId: 'session-weather' })
      .expect(200);
    expect(chat.body.data.requestId).toBeUndefined();
    expect(chat.body.data.response).toMatch(/^St\. Barts in February is the dry season/);
    expect(chat.body.data.response).not.toContain('###');
    await request(t.http)
      .get('/api/user-requests')
      .query({ sessionId: 'session-weather' })
      .expect(200, { success: true, data: [] });
  });

  it('keeps the party, the route and the day of a jet, for the member and on the staff card', async () => {
    const message = 'a private jet from Geneva to Courchevel for 10 people this Saturday';
    const chat = await request(t.http).post('/api/chat').send({ message, sessionId: 'session-jet' }).expect(200);
    expect(chat.body.data.response).toContain('a private jet from Geneva to Courchevel for ten people this Saturday');
    const requestId: string = chat.body.data.requestId;

    await t.drain();
    const one = await request(t.http).get(`/api/user-requests/${requestId}`).expect(200);
    const parsed = one.body.data.request.parsedEntities;
    expect(parsed).toMatchObject({
      mainCategory: 'transportation',
      timeline: 'this Saturday',
      partySize: 10,
      origin: 'Geneva, Switzerland',
      destination: 'Courchevel, France',
      occasion: null,
      dietary: [],
    });
    // This Saturday: the first Saturday from the day the member asked (that day itself when a Saturday).
    const asked = new Date(one.body.data.request.createdAt);
    const saturday = new Date(
      Date.UTC(asked.getUTCFullYear(), asked.getUTCMonth(), asked.getUTCDate() + ((6 - asked.getUTCDay() + 7) % 7)),
    );
    expect(parsed.dates).toEqual({
      from: saturday.toISOString().slice(0, 10),
      to: saturday.toISOString().slice(0, 10),
    });

    const cards = await request(t.http)
      .get('/api/admin/user-requests')
      .set('Authorization', await asAdmin(t))
      .expect(200);
    expect(cards.body.data[0].parsedEntities).toMatchObject({ partySize: 10, destination: 'Courchevel, France' });
  });

  it('keeps the terrace, the party of two and the allergy of a table tonight', async () => {
    const message = 'a table in Paris tonight for two, on a terrace, my wife is allergic to shellfish';
    const chat = await request(t.http).post('/api/chat').send({ message, sessionId: 'session-table' }).expect(200);
    expect(chat.body.data.response).toContain('your wish for a terrace');
    expect(chat.body.data.response).toContain('shellfish allergy');
    await t.drain();
    const one = await request(t.http).get(`/api/user-requests/${chat.body.data.requestId}`).expect(200);
    expect(one.body.data.request.parsedEntities).toMatchObject({
      location: 'Paris, France',
      preferences: ['terrace'],
      partySize: 2,
      dietary: ['shellfish allergy'],
    });
  });
});
