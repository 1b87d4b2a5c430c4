import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { QueueName } from '../../platform/queue/queue-names';

const SCHEDULER_ID = 'payments.release-expired-holds';

/**
 * Keeps the repeatable hold-release job on the maintenance queue. The api process upserts it
 * (idempotent, so any number of api processes may) once its migrations have run; the worker
 * skips it, since it starts consuming before it migrates. 0 seconds removes it (the API tests
 * run the job by hand).
 */
@Injectable()
export class HoldReleaseScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(HoldReleaseScheduler.name);

  constructor(
    @InjectQueue(QueueName.Maintenance) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.adapterHost.httpAdapter) return;
    const seconds = this.config.HOLD_RELEASE_INTERVAL_SECONDS;
    try {
      if (seconds === 0) {
        await this.queue.removeJobScheduler(SCHEDULER_ID);
        return;
      }
      await this.queue.upsertJobScheduler(
        SCHEDULER_ID,
        { every: seconds * 1000 },
        { name: 'payments.release-expired-holds', data: {}, opts: { removeOnComplete: 100, removeOnFail: 100 } },
      );
    } catch (error) {
      this.logger.warn(`Could not schedule the hold release: ${(error as Error).message}`);
    }
  }
}
