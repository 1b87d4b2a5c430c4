import type { RedisOptions } from 'ioredis';

/** ioredis options from a redis:// URL, as BullMQ needs them (no per-request retry limit). */
export function redisConnectionOptions(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.replace('/', '');
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: db ? Number(db) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/**
 * Options for the connection that serves requests (rate-limit counters, flags, health): when Redis
 * is down or stalls, a command fails within about two seconds instead of waiting for Redis to
 * return, so a request answers 503 quickly. BullMQ's connections keep redisConnectionOptions.
 */
export function failFastRedisOptions(url: string): RedisOptions {
  return {
    ...redisConnectionOptions(url),
    // Commands queued while reconnecting are failed after one reconnection attempt.
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 2000,
    // Commands issued in the same tick (the rate-limit counters of concurrent requests) leave in
    // one write: a socket write costs more than the command on a small machine.
    enableAutoPipelining: true,
    // ...but a read a request waits on (the concierge session's sign-out check, a thread's
    // hand-off state, a reply's owner) leaves at once: ioredis sends an auto-pipelined batch from
    // setImmediate, after every other I/O callback of the turn, which on a busy api was most of
    // the wait for the answer.
    autoPipeliningIgnoredCommands: ['get', 'exists'],
  };
}

/** True for the errors ioredis raises when Redis cannot be reached (not for Redis's own replies). */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    error.message === 'Command timed out' ||
    error.message === 'Connection is closed.' ||
    error.message.startsWith("Stream isn't writeable")
  );
}
