import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const services = createRequire(import.meta.url)(resolve(ROOT, 'infra', 'lib', 'services.cjs'));

/** Stops the app, then drops the run's mf_e2e_* database and deletes its Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const app = globalThis.__E2E_APP__;
  if (!app) return;
  const { child } = app;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await new Promise<void>((done) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        done();
      }, 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        done();
      });
    });
  }
  if (process.env.KEEP_TEST_DATABASE !== '1') await services.dropDatabase(app.databaseUrl).catch(() => undefined);
  await services.deleteRedisKeys(app.redisUrl, app.redisPrefix).catch(() => undefined);
  await services.stopEmbeddedPostgres();
}
