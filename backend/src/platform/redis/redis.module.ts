import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { redisConnectionOptions } from './redis-options';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';

export const REDIS = Symbol('REDIS');


export function createRedis(url: string): Redis {
  return new Redis(redisConnectionOptions(url));
}

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One shared connection for counters, flags and health checks. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createRedis(config.REDIS_URL),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
