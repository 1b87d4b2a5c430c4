import type { RedisOptions } from 'ioredis';
import type { AppConfig } from '../../config/environment';

/** Where Redis is: its URL, or Sentinel's addresses and master name beside the URL's password and db. */
export type RedisSettings = Pick<
  AppConfig,
  'REDIS_URL' | 'REDIS_SENTINELS' | 'REDIS_SENTINEL_NAME' | 'REDIS_SENTINEL_PASSWORD'
>;

/**
 * ioredis options, as BullMQ needs them (no per-request retry limit): from a redis:// URL, or,
 * with Sentinel, the sentinels to ask for the master (ioredis follows a failover by itself).
 */
export function redisConnectionOptions(settings: RedisSettings): RedisOptions {
  const parsed = new URL(settings.REDIS_URL);
  const db = parsed.pathname.replace('/', '');
  const common: RedisOptions = {
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: db ? Number(db) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
  if (!settings.REDIS_SENTINELS) {
    return { ...common, host: parsed.hostname, port: Number(parsed.port || 6379) };
  }
  const sentinels = settings.REDIS_SENTINELS.split(',').map((address) => {
    const split = address.lastIndexOf(':');
    return { host: address.slice(0, split), port: Number(address.slice(split + 1)) };
  });
  return {
    ...common,
    sentinels,
    name: settings.REDIS_SENTINEL_NAME,
    sentinelPassword: settings.REDIS_SENTINEL_PASSWORD,
    sentinelTLS: common.tls,
    enableTLSForSentinelMode: Boolean(common.tls),
  };
}

/**
 * Options for the connection that serves requests (rate-limit counters, flags, health): when Redis
 * is down or stalls, a command fails within about two seconds instead of waiting for Redis to
 * return, so a request answers 503 quickly. BullMQ's connections keep redisConnectionOptions.
 */
export function failFastRedisOptions(settings: RedisSettings): RedisOptions {
  return {
    ...redisConnectionOptions(settings),
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
