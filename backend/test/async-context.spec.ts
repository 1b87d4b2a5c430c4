import type { Express } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app';

const PASSWORD = 'members-only-password';

/**
 * A per-request context (nestjs-pino's logger store, MikroORM's request fork) cost the api about a
 * fifth of its CPU per request (bench:waitlist). The pipeline keeps none: services fork their own
 * EntityManager, and request logs are written when the answer is. This keeps a request that needs no ORM unit of work
 * (a sign-up is one SQL statement; a session check, none) free of any AsyncLocalStorage. (A member's
 * reply writes its thread in a transaction, whose context is MikroORM's own, for that transaction only.)
 */
describe('the request pipeline', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { CONCIERGE_PASSWORD: PASSWORD, OPENAI_API_KEY: '' } });
  });
  afterAll(() => t.close());

  it('enters no AsyncLocalStorage for a sign-up or a session check', async () => {
    const cookie = String(
      (await request(t.http).post('/api/concierge/auth').send({ password: PASSWORD }).expect(200)).headers[
        'set-cookie'
      ],
    ).split(';')[0];

    const entered: string[] = [];
    const prototype = AsyncLocalStorage.prototype as AsyncLocalStorage<unknown>;
    const { run: originalRun, enterWith: originalEnterWith } = prototype;
    const run = jest.spyOn(prototype, 'run').mockImplementation(function (this: AsyncLocalStorage<unknown>, ...args) {
      entered.push(new Error('AsyncLocalStorage.run').stack ?? '');
      return originalRun.apply(this, args as never);
    });
    const enterWith = jest.spyOn(prototype, 'enterWith').mockImplementation(function (
      this: AsyncLocalStorage<unknown>,
      store,
    ) {
      entered.push(new Error('AsyncLocalStorage.enterWith').stack ?? '');
      originalEnterWith.call(this, store);
    });
    try {
      await request(t.http)
        .post('/api/waitlist')
        .send({ email: 'ada@example.com', consent: true, bot_check: '' })
        .expect(200, { success: true });
      await request(t.http)
        .get('/api/concierge/session')
        .set('Cookie', cookie)
        .expect(200, { success: true, data: { authenticated: true } });
    } finally {
      run.mockRestore();
      enterWith.mockRestore();
    }
    expect(entered).toEqual([]);
  });

  /**
   * Express gives each request and response its prototype on arrival; swapping an object's
   * prototype sent every later property read on it down V8's slow path (a fifth of the api's CPU
   * per request, bench:waitlist). The api's server creates them with those prototypes already.
   */
  it('creates requests and responses with the prototypes Express gives them, before Express sees them', async () => {
    const express = t.app.getHttpAdapter().getInstance() as Express;
    const born: Array<[object, object]> = [];
    const note = (req: object, res: object) => born.push([Object.getPrototypeOf(req), Object.getPrototypeOf(res)]);
    t.http.prependListener('request', note);
    try {
      await request(t.http)
        .post('/api/waitlist')
        .send({ email: 'grace@example.com', consent: true, bot_check: '' })
        .expect(200, { success: true });
      await request(t.http).get('/api/no-such-route').expect(404);
    } finally {
      t.http.off('request', note);
    }
    expect(born).toEqual([
      [express.request, express.response],
      [express.request, express.response],
    ]);
  });
});
