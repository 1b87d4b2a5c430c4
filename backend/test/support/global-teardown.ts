// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require('../../../infra/lib/services.cjs');

export default async function globalTeardown(): Promise<void> {
  if (process.env.KEEP_TEST_DATABASE !== '1') {
    await services.dropDatabase(process.env.DATABASE_URL).catch(() => undefined);
  }
  await services.deleteRedisKeys(process.env.REDIS_URL, process.env.REDIS_PREFIX).catch(() => undefined);
  await services.stopEmbeddedPostgres();
}
