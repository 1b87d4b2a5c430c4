import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { adminEnv, createEvent, createInvitation, resetWithAdmin } from './support/launch-party-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * A prerenderer as `vite build --ssr` builds it (src/app/server-render.tsx): it writes what it is
 * given, so the test sees which answers each page was rendered with.
 */
const RENDERER = `
exports.renderLanding = async (config) => ({ html: '<main>' + config.brandName + '</main>', title: config.brandName });
exports.renderPage = async (url, config, answers) => {
  if (answers.invitation) {
    const view = answers.invitation.view;
    if (view.invitation.recipientName === 'Renderer Failure') throw new Error('window is not defined');
    return {
      html: '<main><h1>' + view.event.name + '</h1><p>Dear ' + view.invitation.recipientName + '</p><form aria-label="rsvp"></form></main>',
      styles: '<style data-css-hash="x">.ant-btn{color:gold}</style>',
      queries: [{ key: ['invitation', answers.invitation.code], data: view }],
    };
  }
  const labels = answers.vendorTaxonomy.applicationCategories.map((c) => c.label).join(', ');
  return {
    html: '<main><h1>Become a Vendor Partner at ' + config.brandName + ' (' + url + ')</h1><p>' + labels + '</p></main>',
    styles: '',
    queries: [{ key: ['vendor-taxonomy'], data: answers.vendorTaxonomy }],
  };
};`;

function writeBuild(dist: string) {
  mkdirSync(join(dist, 'server'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>x</title><!--app-config-->' +
      '<meta property="og:title" content="__BRAND_NAME__ · A Private Members\' Club" />' +
      '<meta property="og:image" content="__APP_URL__/share.png" />' +
      '<meta name="twitter:image" content="__APP_URL__/share.png" />' +
      '</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'server', 'render.cjs'), RENDERER);
}

/** The JSON the page carries for the browser's query cache, as main.tsx reads it. */
function seededQueries(html: string): unknown {
  const json = /<script type="application\/json" id="mf-queries">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe('the vendor application and a guest’s invitation, served as prerendered HTML', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'mf-dist-'));
    writeBuild(dist);
    t = await createTestApp({ env: { ...adminEnv, FRONTEND_DIST: dist, BRAND_NAME: 'Casa Aurora' } });
    await new Promise<void>((resolve) => (t.http as Server).listen(0, '127.0.0.1', resolve));
    await resetWithAdmin(t);
  });

  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('renders /vendor-apply and /vendor-onboarding at start-up with the brand and the categories, cacheable by anyone', async () => {
    for (const path of ['/vendor-apply', '/vendor-onboarding']) {
      const page = await request(t.http).get(path).expect(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.text).toContain(`<h1>Become a Vendor Partner at Casa Aurora (${path})</h1>`);
      expect(page.text).toContain('Restaurant, Hotel, Event Space');
      expect(seededQueries(page.text)).toEqual([
        { key: ['vendor-taxonomy'], data: (await request(t.http).get('/api/vendor-taxonomy')).body.data },
      ]);
    }
  });

  it('renders a guest’s invitation at the request, with what the API answers, and lets no cache keep it', async () => {
    const event = await createEvent(t, { name: 'The Riviera Launch' });
    const { invitationCode: code } = await createInvitation(t, event.id, {
      specialNotes: 'Do come early. </script><script>alert("$&")</script>',
    });

    const page = await request(t.http).get(`/invitation/${code}`).set('Accept-Encoding', 'identity').expect(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.text).toContain('<h1>The Riviera Launch</h1><p>Dear Grace Kelly</p><form aria-label="rsvp"></form>');
    expect(page.text).toContain('<head><style data-css-hash="x">');
    // The answers travel as data no note can end early, and are those of GET /api/invitations/{code}.
    expect(page.text).not.toContain('<script>alert');
    const api = await request(t.http).get(`/api/invitations/${code}`).expect(200);
    expect(seededQueries(page.text)).toEqual([{ key: ['invitation', code], data: api.body.data }]);
  });

  it('renders the thank-you and payment pages at the request too, so a slow phone paints their card at once', async () => {
    const event = await createEvent(t, { name: 'The Harbour Dinner' });
    const { invitationCode: code } = await createInvitation(t, event.id, { recipientName: 'Cary Grant' });
    const api = await request(t.http).get(`/api/invitations/${code}`).expect(200);
    for (const path of [`/invitations/${code}/thank-you`, `/invitations/${code}/payment/some-rsvp`]) {
      const page = await request(t.http).get(path).set('Accept-Encoding', 'identity').expect(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.text).toContain('<h1>The Harbour Dinner</h1>');
      expect(seededQueries(page.text)).toEqual([{ key: ['invitation', code], data: api.body.data }]);
    }
  });

  it('shows a shared invitation link as the club’s invitation, with its picture and nothing of the guest', async () => {
    const event = await createEvent(t, { name: 'The Private Viewing' });
    const { invitationCode: code } = await createInvitation(t, event.id, { recipientName: 'Ingrid Bergman' });
    const page = await request(t.http).get(`/invitation/${code}`).set('Accept-Encoding', 'identity').expect(200);
    const head = /<head>([\s\S]*)<\/head>/.exec(page.text)?.[1] ?? '';
    expect(head).toContain('<title>An Invitation from Casa Aurora</title>');
    expect(head).toContain('<meta property="og:title" content="An Invitation from Casa Aurora"');
    expect(head).toMatch(/<meta property="og:image" content="http[^"]+\/share-invitation\.png"/);
    expect(head).toMatch(/<meta name="twitter:image" content="http[^"]+\/share-invitation\.png"/);
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(head).not.toContain('Ingrid Bergman');
    expect(head).not.toContain('The Private Viewing');

    const landing = await request(t.http).get('/').set('Accept-Encoding', 'identity').expect(200);
    expect(landing.text).toMatch(/<meta property="og:image" content="http[^"]+\/share\.png"/);
    expect(landing.text).not.toContain('__APP_URL__');
  });

  it('answers an unknown code with the plain page, whose script shows the page’s not-found state, never a 500', async () => {
    for (const code of ['no-such-invitation', 'x'.repeat(200), '%E2%9C%93', "'; drop table invitation; --"]) {
      const page = await request(t.http).get(`/invitation/${encodeURIComponent(code)}`);
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.text).toContain('<div id="root"></div>');
      expect(seededQueries(page.text)).toBeUndefined();
    }
  });

  it('answers with the plain page when the prerenderer fails on an invitation', async () => {
    const event = await createEvent(t, { name: 'The Failing Launch' });
    const { invitationCode } = await createInvitation(t, event.id, { recipientName: 'Renderer Failure' });
    const page = await request(t.http).get(`/invitation/${invitationCode}`).expect(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.text).toContain('<div id="root"></div>');
    expect(page.text).not.toContain('Renderer Failure');
  });
});
