import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { RepeatingJobs } from '../../platform/queue/repeating-jobs.service';

/**
 * Keeps the repeating hold-release job scheduled (RepeatingJobs, the queue module's one way to
 * repeat a job). The api process schedules it (idempotent, so any number of api processes may)
 * once its migrations have run; the worker skips it, since it starts consuming before it
 * migrates. 0 seconds removes it (the API tests run the job by hand).
 */
@Injectable()
export class HoldReleaseScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(HoldReleaseScheduler.name);

  constructor(
    private readonly repeating: RepeatingJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.adapterHost.httpAdapter) return;
    try {
      await this.repeating.every(
        'payments.release-expired-holds',
        this.config.HOLD_RELEASE_INTERVAL_SECONDS * 1000,
        {},
      );
    } catch (error) {
      this.logger.warn(`Could not schedule the hold release: ${(error as Error).message}`);
    }
  }
}
