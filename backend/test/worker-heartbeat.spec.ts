import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/eventually';

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
    await eventually(() => expect(existsSync(file)).toBe(true));
    // Read many times while the worker rewrites it: never empty, always a beat from this run.
    for (let i = 0; i < 200; i += 1) {
      const beat = Date.parse(readFileSync(file, 'utf8'));
      expect(beat).toBeGreaterThanOrEqual(startedAt - 1000);
    }
  });
});
