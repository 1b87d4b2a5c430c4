import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { failFastRedisOptions, type RedisSettings } from './redis-options';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';

import { REDIS } from '../../common/redis.token';

export { REDIS };

/** A connection for work done while a request waits: it fails fast when Redis is down. */
export function createRedis(settings: RedisSettings): Redis {
  const redis = new Redis(failFastRedisOptions(settings));
  // ioredis reports every failed reconnection; say once that Redis is gone, and once that it is back.
  const logger = new Logger('Redis');
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) logger.warn(`Redis is unavailable (${error.message}); retrying`);
    down = true;
  });
  redis.on('ready', () => {
    if (down) logger.log('Redis is available again');
    down = false;
  });
  return redis;
}

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One shared connection for counters, flags and health checks (BullMQ has its own). */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createRedis(config),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
