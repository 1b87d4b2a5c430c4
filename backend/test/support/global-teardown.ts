import Redis from 'ioredis';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require('../../../infra/lib/services.cjs');

export default async function globalTeardown(): Promise<void> {
  if (process.env.KEEP_TEST_DATABASE !== '1') {
    await services.dropDatabase(process.env.DATABASE_URL).catch(() => undefined);
  }
  const redis = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: 1 });
  const stream = redis.scanStream({ match: `${process.env.REDIS_PREFIX}:*`, count: 1000 });
  for await (const keys of stream as AsyncIterable<string[]>) {
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
  await services.stopEmbeddedPostgres();
}
