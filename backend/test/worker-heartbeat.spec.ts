import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './support/test-app';

describe('the worker heartbeat (the worker container health check)', () => {
  const file = join(tmpdir(), `mf-worker-heartbeat-${process.pid}`);
  let t: TestApp;
  let startedAt: number;

  beforeAll(async () => {
    rmSync(file, { force: true });
    startedAt = Date.now();
    t = await createTestApp({ worker: true, env: { WORKER_HEARTBEAT_FILE: file } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(file, { force: true });
  });

  it('writes WORKER_HEARTBEAT_FILE once the worker reaches PostgreSQL and Redis', async () => {
    for (let i = 0; !existsSync(file); i += 1) {
      if (i >= 50) throw new Error('no heartbeat within 5 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Read many times while the worker rewrites it: never empty, always a beat from this run.
    for (let i = 0; i < 200; i += 1) {
      const beat = Date.parse(readFileSync(file, 'utf8'));
      expect(beat).toBeGreaterThanOrEqual(startedAt - 1000);
    }
  });
});
