import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Inject, Optional, Res } from '@nestjs/common';
import { ProcessDrain } from '../../platform/http/process-drain';
import type { Response } from 'express';
import type Redis from 'ioredis';
import { MIGRATIONS } from '../../../migrations';
import { withTimeout } from '../../common/with-timeout';
import { REDIS } from '../../platform/redis/redis.module';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, SUCCESS_ONLY, successData, t } from '../../common/api-schema';

const CHECK_TIMEOUT_MS = 1500;

type Probe = 'up' | 'down';

const PROBE = t.oneOf(['up', 'down']);
const STORES = t.object({ database: PROBE, redis: PROBE });
const READINESS = t.object(
  {
    database: PROBE,
    redis: PROBE,
    migrations: t.oneOf(['applied', 'pending', 'unknown']),
    pending: t.array(t.string()),
    draining: t.boolean(),
  },
  ['pending', 'draining'],
);

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
    @Optional() private readonly drain?: ProcessDrain,
  ) {}

  /** 200 only while PostgreSQL and Redis both answer; 503 (naming the one that does not) otherwise. */
  @Get()
  @ApiOperation({ summary: 'PostgreSQL and Redis both answer' })
  @ApiAnswer(successData(STORES))
  @ApiAnswer(t.object({ success: t.literal(false), error: t.string(), code: t.literal('UNAVAILABLE'), data: STORES }), {
    status: 503,
    description: 'A store does not answer',
  })
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
          : { success: false, error: 'Service unavailable', code: 'UNAVAILABLE', data: { database, redis } },
      );
  }

  /** Liveness: the process answers. Nothing else is checked, so a store's outage never restarts it. */
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @ApiAnswer(SUCCESS_ONLY)
  live(): { success: true } {
    return { success: true };
  }

  /**
   * Readiness, for an orchestrator deciding whether to send this process traffic: PostgreSQL and
   * Redis answer and every migration of backend/migrations/index.ts is applied (a process of a
   * newer release is not ready before its schema is).
   */
  @Get('ready')
  @ApiOperation({ summary: 'Readiness: PostgreSQL, Redis and every migration applied' })
  @ApiAnswer(successData(READINESS))
  @ApiAnswer(
    t.object({ success: t.literal(false), error: t.string(), code: t.literal('UNAVAILABLE'), data: READINESS }),
    {
      status: 503,
      description: 'Not ready',
    },
  )
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
    // A process that is stopping says so, and takes no new work from a load balancer.
    const draining = this.drain?.draining === true;
    const data = {
      database,
      redis,
      migrations,
      ...(pending.length > 0 && applied ? { pending } : {}),
      ...(draining ? { draining } : {}),
    };
    const ready = database === 'up' && redis === 'up' && migrations === 'applied' && !draining;
    response
      .status(ready ? 200 : 503)
      .json(ready ? { success: true, data } : { success: false, error: 'Not ready', code: 'UNAVAILABLE', data });
  }

  private probe(check: Promise<unknown>): Promise<Probe> {
    return withTimeout(check, CHECK_TIMEOUT_MS).then(
      () => 'up',
      () => 'down',
    );
  }
}
