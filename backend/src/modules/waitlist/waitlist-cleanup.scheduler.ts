import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { RepeatingJobs } from '../../platform/queue/repeating-jobs.service';

/**
 * Keeps the repeating clean-up of unconfirmed sign-ups scheduled (RepeatingJobs). The api process
 * schedules it once its migrations have run (idempotent, so any number of api processes may); the
 * worker skips it. WAITLIST_CLEANUP_INTERVAL_SECONDS=0 removes it (the API tests run it by hand).
 */
@Injectable()
export class WaitlistCleanupScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(WaitlistCleanupScheduler.name);

  constructor(
    private readonly repeating: RepeatingJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.adapterHost.httpAdapter) return;
    try {
      await this.repeating.every(
        'waitlist.delete-unconfirmed',
        this.config.WAITLIST_CLEANUP_INTERVAL_SECONDS * 1000,
        {},
      );
    } catch (error) {
      this.logger.warn(`Could not schedule the clean-up of unconfirmed sign-ups: ${(error as Error).message}`);
    }
  }
}
