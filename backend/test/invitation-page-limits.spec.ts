import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { adminEnv, createEvent, createInvitation, resetWithAdmin, rsvp } from './support/launch-party-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * A prerenderer as `vite build --ssr` builds it, which numbers its renders: the page says which
 * render it is, and the guest's answer it was rendered with.
 */
const RENDERER = `
let renders = 0;
exports.renderLanding = async (config) => ({ html: '<main>' + config.brandName + '</main>', title: config.brandName });
exports.renderPage = async (url, config, answers) => {
  renders += 1;
  const view = answers.invitation ? answers.invitation.view : null;
  const answer = view && view.rsvp ? view.rsvp.status + ' with ' + view.rsvp.guestCount : 'no answer yet';
  return { html: '<main><p>render ' + renders + '</p><p>' + answer + '</p></main>', styles: '', queries: [] };
};`;

const LIMIT = 5;

/**
 * A guest's invitation page is rendered on the server, at many times the cost of an API call: a
 * page asked for again is not rendered again while its invitation reads the same, and each client
 * address may open only so many a minute.
 */
describe('a guest’s invitation page under load', () => {
  let t: TestApp;
  let dist: string;
  let code: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'mf-dist-'));
    mkdirSync(join(dist, 'server'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title><!--app-config--></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dist, 'server', 'render.cjs'), RENDERER);
    t = await createTestApp({
      env: {
        ...adminEnv,
        FRONTEND_DIST: dist,
        BRAND_NAME: 'Casa Aurora',
        TRUST_PROXY: '1',
        RATE_LIMIT_INVITATION_PAGES_PER_MINUTE: String(LIMIT),
      },
    });
  });
  beforeEach(async () => {
    await resetWithAdmin(t);
    const event = await createEvent(t);
    code = (await createInvitation(t, event.id, { maxGuests: 3 })).invitationCode;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const open = (from: string, encoding = 'identity') =>
    request(t.http).get(`/invitation/${code}`).set('X-Forwarded-For', from).set('Accept-Encoding', encoding);

  it('renders the page once for repeated visits, and again as soon as the guest’s answer changes', async () => {
    // Each visit from its own address, so none meets the limit: the kept page is the same for all.
    let visitor = 10;
    const visit = (encoding?: string) => open(`198.51.100.${(visitor += 1)}`, encoding);
    const first = await visit().expect(200);
    expect(first.text).toContain('<p>no answer yet</p>');
    const render = /render (\d+)/.exec(first.text)?.[1];
    for (const encoding of ['identity', 'br', 'gzip', 'br']) {
      const again = await visit(encoding).expect(200);
      expect(again.headers['cache-control']).toBe('private, no-store');
      expect(again.text).toContain(`render ${render}</p>`);
    }

    await rsvp(t, code, { status: 'attending', guestCount: 2 }).expect(200);
    const changed = await visit().expect(200);
    expect(changed.text).toContain('<p>attending with 2</p>');
    expect(changed.text).not.toContain(`render ${render}</p>`);

    await rsvp(t, code, { status: 'attending', guestCount: 3 }).expect(200);
    expect((await visit().expect(200)).text).toContain('<p>attending with 3</p>');
  });

  it('answers 429 with a page a person can read once an address has opened too many, and serves other addresses', async () => {
    for (let i = 0; i < LIMIT; i += 1) await open('203.0.113.2').expect(200);
    const refused = await open('203.0.113.2').set('Accept', 'text/html').expect(429);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.text).toContain('<title>Casa Aurora</title>');
    expect(refused.text).toContain(
      '<p>Too many pages opened from your connection. Please wait a minute and try again.</p>',
    );

    const asJson = await open('203.0.113.2').set('Accept', 'application/json').expect(429);
    expect(asJson.body).toEqual({
      success: false,
      error: 'Too many pages opened from your connection. Please wait a minute and try again.',
      code: 'TOO_MANY_REQUESTS',
    });

    await open('203.0.113.3').expect(200);
  });

  it('counts unknown codes too, so guessing codes costs the same', async () => {
    for (let i = 0; i < LIMIT; i += 1) {
      await request(t.http).get(`/invitation/guess-${i}`).set('X-Forwarded-For', '203.0.113.4').expect(200);
    }
    await request(t.http).get('/invitation/guess-last').set('X-Forwarded-For', '203.0.113.4').expect(429);
  });
});
