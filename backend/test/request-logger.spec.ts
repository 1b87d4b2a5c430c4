import express from 'express';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { redactUrl, requestLogger } from '../src/platform/logging/request-logger';

function appWithLog(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const app = express();
  app.use(requestLogger(pino({ level }, sink)));
  app.get('/api/health', (_req, res) => res.json({ success: true }));
  app.get('/api/vendors', (_req, res) => res.json({ success: true }));
  app.get('/api/broken', (_req, res) => res.status(500).json({ success: false }));
  app.use((_req, res) => res.json({ success: true }));
  return { app, lines };
}

describe('request logs', () => {
  it('write one line per answer with method, path, status and time, and no headers', async () => {
    const { app, lines } = appWithLog('info');
    await request(app)
      .get('/api/vendors?page=2')
      .set('Cookie', 'mf_concierge=secret')
      .set('Authorization', 'Basic c2VjcmV0')
      .expect(200);
    await request(app).get('/api/broken').expect(500);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: { id: 1, method: 'GET', url: '/api/vendors?page=2' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
      expect.objectContaining({ level: 50, msg: 'request failed', res: { statusCode: 500 } }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
    expect(JSON.stringify(lines)).not.toContain('c2VjcmV0');
  });

  it('leave out health checks, and write nothing when logging is off', async () => {
    const quiet = appWithLog('info');
    await request(quiet.app).get('/api/health').expect(200);
    expect(quiet.lines).toEqual([]);

    const silent = appWithLog('silent');
    await request(silent.app).get('/api/vendors').expect(200);
    await request(silent.app).get('/api/broken').expect(500);
    expect(silent.lines).toEqual([]);
  });

  it('never write a guest’s invitation code, a download token or any other secret of a URL', async () => {
    const code = 'Zq3vX9kLmN2pR7tY8wB4cD';
    const rsvpId = '6f1c1c5e-6a32-4d3e-9d43-2f0e1b1f0a01';
    const { app, lines } = appWithLog('info');
    const urls: Array<[string, string]> = [
      [`/invitation/${code}`, '/invitation/[redacted]'],
      [`/INVITATION/${code}`, '/INVITATION/[redacted]'],
      [`/%69nvitation/${code}`, '/invitation/[redacted]'],
      [
        `/invitations/${code}/thank-you?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_${code}`,
        '/invitations/[redacted]/thank-you?payment_intent=pi_1&payment_intent_client_secret=[redacted]',
      ],
      [`/invitations/${code}/payment/${rsvpId}`, '/invitations/[redacted]/payment/[redacted]'],
      [`/api/invitations/${code}`, '/api/invitations/[redacted]'],
      [`/api/invitations/${code}/rsvp`, '/api/invitations/[redacted]/rsvp'],
      [`/api/invitations/${code}/waiting-list`, '/api/invitations/[redacted]/waiting-list'],
      [`/api/rsvp/${rsvpId}/payment`, '/api/rsvp/[redacted]/payment'],
      [`/api/test-payments/receipts/ch_${code}`, '/api/test-payments/receipts/[redacted]'],
      [`/api/admin/waitlist/export?token=${code}`, '/api/admin/waitlist/export?token=[redacted]'],
      [
        `/api/anything?page=2&code=${code}&Access_Token=${code}&q=ada`,
        '/api/anything?page=2&code=[redacted]&Access_Token=[redacted]&q=ada',
      ],
      ['/api/admin/invitations/42/send', '/api/admin/invitations/42/send'],
    ];
    for (const [url] of urls) await request(app).get(url).expect(200);
    expect(lines.map((line) => (line.req as { url: string }).url)).toEqual(urls.map(([, logged]) => logged));
    expect(JSON.stringify(lines)).not.toContain(code);
    expect(JSON.stringify(lines)).not.toContain(rsvpId);
    // A request line may carry the whole address (GET http://host/path HTTP/1.1).
    expect(redactUrl(`http://example.com/invitation/${code}?token=${code}`)).toBe(
      'http://example.com/invitation/[redacted]?token=[redacted]',
    );
  });
});
