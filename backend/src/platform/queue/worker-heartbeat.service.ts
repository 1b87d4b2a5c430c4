import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { rename, writeFile } from 'node:fs/promises';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { REDIS } from '../redis/redis.module';

const INTERVAL_MS = 10_000;

/**
 * The worker has no HTTP port to probe: while PostgreSQL and Redis both answer it, it rewrites
 * WORKER_HEARTBEAT_FILE every 10 s, and a container health check reads the file's age. The file is
 * written beside itself and renamed into place, so a reader never sees it empty or half written.
 */
@Injectable()
export class WorkerHeartbeat implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHeartbeat.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const file = this.config.WORKER_HEARTBEAT_FILE;
    if (!file) return;
    const beat = () =>
      Promise.all([this.redis.ping(), this.em.getConnection().execute('select 1')])
        .then(() => writeAtomically(file, new Date().toISOString()))
        .catch((error: Error) => this.logger.warn(`No heartbeat: ${error.message}`));
    void beat();
    this.timer = setInterval(() => void beat(), INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

async function writeAtomically(file: string, content: string): Promise<void> {
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, content);
  await rename(partial, file);
}
