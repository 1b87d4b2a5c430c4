/**
 * The backend's test files run on TEST_WORKERS Jest workers at once (jest.config.js). Each worker
 * has a database and a Redis database number of its own, so one file's reset (which empties every
 * table and queue) never touches a file running beside it: worker 1 uses the run's own (made by
 * global-setup.ts), worker n the same name suffixed `_wn`, the Redis database n places past the
 * run's (the end-to-end tests' is the one after the run's) and the key prefix suffixed `wn` (Redis
 * channels are the server's, not a database's: the live events' channels carry the prefix).
 */
export const TEST_WORKERS = Math.max(1, Number(process.env.TEST_WORKERS || 2));

/** The database and Redis URLs of worker `worker` (from 1), from the run's own. */
export function workerServices(
  worker: number,
  run: { databaseUrl: string; redisUrl: string; redisPrefix: string },
): { databaseUrl: string; redisUrl: string; redisPrefix: string } {
  if (worker <= 1) return run;
  const database = new URL(run.databaseUrl);
  database.pathname = `${database.pathname}_w${worker}`;
  const redis = new URL(run.redisUrl);
  redis.pathname = `/${Number(redis.pathname.slice(1) || 0) + worker}`;
  return { databaseUrl: database.toString(), redisUrl: redis.toString(), redisPrefix: `${run.redisPrefix}w${worker}` };
}
