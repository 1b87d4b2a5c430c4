import express from 'express';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { requestLogger } from '../src/platform/logging/request-logger';

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
});
