import { spawn, type ChildProcess } from 'node:child_process';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { supervise, DEFAULT_POLICY } = require('../../infra/lib/supervisor.cjs');

interface Supervisor {
  readonly child: ChildProcess;
  halt(): void;
}

/** A node process running `script`. */
const node = (script: string) => () => spawn(process.execPath, ['-e', script], { stdio: 'ignore' });

async function until(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('The launcher keeps the api and the worker running', () => {
  it('restarts 1 s after a stop, doubling to 30 s; gives up after 5 stops within a minute', () => {
    expect(DEFAULT_POLICY).toMatchObject({ firstDelayMs: 1000, maxDelayMs: 30_000, crashLimit: 5, windowMs: 60_000 });
  });

  it('restarts a process that keeps crashing with doubling pauses, then gives up and says why', async () => {
    const log: string[] = [];
    let reason = '';
    supervise({
      name: 'worker',
      start: node('process.exit(3)'),
      log: (message: string) => log.push(message),
      onGiveUp: (why: string) => (reason = why),
      policy: { firstDelayMs: 10, maxDelayMs: 40 },
    });
    await until(() => reason !== '', 'the supervisor to give up');
    const restarts = log.filter((line) => line.startsWith('worker stopped'));
    expect(restarts).toEqual([
      'worker stopped (exit code 3); restarting it in 0.01 s',
      'worker stopped (exit code 3); restarting it in 0.02 s',
      'worker stopped (exit code 3); restarting it in 0.04 s',
      'worker stopped (exit code 3); restarting it in 0.04 s',
    ]);
    expect(log.filter((line) => /^worker started \(pid \d+\)$/.test(line))).toHaveLength(5);
    expect(reason).toBe(
      'worker stopped 5 times within 60 s (last: exit code 3); not restarting it again. See its log above for the cause.',
    );
  });

  it('brings back a process killed with SIGKILL, and stops restarting once halted', async () => {
    const log: string[] = [];
    const supervisor: Supervisor = supervise({
      name: 'api',
      start: node('setInterval(() => {}, 1000)'),
      log: (message: string) => log.push(message),
      onGiveUp: () => undefined,
      policy: { firstDelayMs: 10 },
    });
    const first = supervisor.child;
    await until(() => first.pid !== undefined, 'the first process');
    first.kill('SIGKILL');
    await until(() => supervisor.child !== first, 'a second process');
    expect(log).toContain('api stopped (killed by SIGKILL); restarting it in 0.01 s');

    supervisor.halt();
    const second = supervisor.child;
    await new Promise<void>((resolve) => {
      second.once('exit', () => resolve());
      second.kill('SIGTERM');
    });
    // Given time to restart, it does not.
    await new Promise((r) => setTimeout(r, 200));
    expect(supervisor.child).toBe(second);
    expect(log.filter((line) => line.startsWith('api started'))).toHaveLength(2);
  });
});
