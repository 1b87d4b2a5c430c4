import { spawn, type ChildProcess } from 'node:child_process';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require('../../../infra/lib/services.cjs');

/**
 * A real Redis of a test's own, on a free port, so a test can stop, pause and restart it without
 * touching anyone else's. `start` (re)starts it on the same port and waits until it answers.
 */
export async function ownRedis(): Promise<{ url: string; process(): ChildProcess; start(): Promise<void> }> {
  const port: number = await services.freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      services.which('redis-server') ?? 'redis-server',
      ['--port', String(port), '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 50 && !(await services.redisAnswers(url)); i += 1) await new Promise((r) => setTimeout(r, 100));
  };
  await start();
  return {
    url,
    process: () => {
      if (!child) throw new Error('Redis was never started');
      return child;
    },
    start,
  };
}
