import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type Redis from 'ioredis';
import { withTimeout } from '../../common/with-timeout';
import { REDIS } from '../../platform/redis/redis.module';

const CHECK_TIMEOUT_MS = 1500;

@Controller('health')
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** 200 only while PostgreSQL and Redis both answer; 503 (naming the one that does not) otherwise. */
  @Get()
  async check(@Res() response: Response): Promise<void> {
    const [database, redis] = await Promise.all([
      withTimeout(this.em.getConnection().execute('select 1'), CHECK_TIMEOUT_MS).then(
        () => 'up',
        () => 'down',
      ),
      withTimeout(this.redis.ping(), CHECK_TIMEOUT_MS).then(
        () => 'up',
        () => 'down',
      ),
    ]);
    const healthy = database === 'up' && redis === 'up';
    response
      .status(healthy ? 200 : 503)
      .json(
        healthy
          ? { success: true, data: { database, redis } }
          : { success: false, error: 'Service unavailable', data: { database, redis } },
      );
  }
}
