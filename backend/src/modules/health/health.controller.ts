import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type Redis from 'ioredis';
import { MIGRATIONS } from '../../../migrations';
import { withTimeout } from '../../common/with-timeout';
import { REDIS } from '../../platform/redis/redis.module';

const CHECK_TIMEOUT_MS = 1500;

type Probe = 'up' | 'down';

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
      this.probe(this.em.getConnection().execute('select 1')),
      this.probe(this.redis.ping()),
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

  /** Liveness: the process answers. Nothing else is checked, so a store's outage never restarts it. */
  @Get('live')
  live(): { success: true } {
    return { success: true };
  }

  /**
   * Readiness, for an orchestrator deciding whether to send this process traffic: PostgreSQL and
   * Redis answer and every migration of backend/migrations/index.ts is applied (a process of a
   * newer release is not ready before its schema is).
   */
  @Get('ready')
  async ready(@Res() response: Response): Promise<void> {
    const [applied, redis] = await Promise.all([
      withTimeout(
        this.em.getConnection().execute<Array<{ name: string }>>('select name from mikro_orm_migrations'),
        CHECK_TIMEOUT_MS,
      ).catch(() => undefined),
      this.probe(this.redis.ping()),
    ]);
    const database: Probe = applied ? 'up' : 'down';
    const done = new Set(applied?.map((row) => row.name));
    const pending = MIGRATIONS.filter((migration) => !done.has(migration.name)).map((migration) => migration.name);
    const migrations = !applied ? 'unknown' : pending.length > 0 ? 'pending' : 'applied';
    const data = { database, redis, migrations, ...(pending.length > 0 && applied ? { pending } : {}) };
    const ready = database === 'up' && redis === 'up' && migrations === 'applied';
    response
      .status(ready ? 200 : 503)
      .json(ready ? { success: true, data } : { success: false, error: 'Not ready', data });
  }

  private probe(check: Promise<unknown>): Promise<Probe> {
    return withTimeout(check, CHECK_TIMEOUT_MS).then(
      () => 'up',
      () => 'down',
    );
  }
}
