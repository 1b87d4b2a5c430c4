import { TEST_WORKERS, workerServices } from './test-workers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require('../../../infra/lib/services.cjs');

export default async function globalTeardown(): Promise<void> {
  const run = {
    databaseUrl: process.env.DATABASE_URL!,
    redisUrl: process.env.REDIS_URL!,
    redisPrefix: process.env.REDIS_PREFIX!,
  };
  for (let worker = 1; worker <= TEST_WORKERS; worker += 1) {
    const { databaseUrl, redisUrl, redisPrefix } = workerServices(worker, run);
    if (process.env.KEEP_TEST_DATABASE !== '1') await services.dropDatabase(databaseUrl).catch(() => undefined);
    await services.deleteRedisKeys(redisUrl, redisPrefix).catch(() => undefined);
  }
  await services.stopEmbeddedPostgres();
}
