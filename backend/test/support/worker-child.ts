import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** A real worker process (src/worker.module.ts) on this run's database and Redis, with `env` on top. */
export async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(join(__dirname, 'worker-process.ts'), [], {
    execArgv: ['-r', 'ts-node/register/transpile-only'],
    env: { ...process.env, ...env, TS_NODE_PROJECT: join(__dirname, '..', '..', 'tsconfig.json') },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Never left behind: a worker that starts late would take the next test files' jobs.
      child.kill('SIGKILL');
      reject(new Error(`Worker process did not start in time\n${stderr}`));
    }, 60_000);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Worker process exited (${code}) before it was ready\n${stderr}`));
    });
  });
  return child;
}

/** Kills it as a crash would (no shutdown hooks), and waits until it is gone. */
export async function killWorkerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
