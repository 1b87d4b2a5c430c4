import { workerServices } from './test-workers';

// Runs before each test file (jest.config.js, setupFiles): the file's process.env is its own copy,
// pointed here at its worker's database, Redis database and key prefix (see test-workers.ts).
const worker = Number(process.env.JEST_WORKER_ID ?? 1);
const own = workerServices(worker, {
  databaseUrl: process.env.DATABASE_URL!,
  redisUrl: process.env.REDIS_URL!,
  redisPrefix: process.env.REDIS_PREFIX!,
});
process.env.DATABASE_URL = own.databaseUrl;
process.env.REDIS_URL = own.redisUrl;
process.env.REDIS_PREFIX = own.redisPrefix;
