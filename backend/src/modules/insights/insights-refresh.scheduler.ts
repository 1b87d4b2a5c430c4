import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { RepeatingJobs } from '../../platform/queue/repeating-jobs.service';

/**
 * Keeps the repeating insights refresh scheduled (INSIGHTS_ROLLUP_INTERVAL_SECONDS: how old the
 * funnel's figures may be, and how long past midnight UTC a closed day's visitor keys and salt
 * live). The api process schedules it (idempotent, so any number of api processes may) once its
 * migrations have run; the worker skips it, as for the payments' hold release. 0 seconds removes
 * it (the API tests run it by hand).
 */
@Injectable()
export class InsightsRefreshScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(InsightsRefreshScheduler.name);

  constructor(
    private readonly repeating: RepeatingJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.adapterHost.httpAdapter) return;
    try {
      await this.repeating.every('insights.refresh', this.config.INSIGHTS_ROLLUP_INTERVAL_SECONDS * 1000, {});
    } catch (error) {
      this.logger.warn(`Could not schedule the insights refresh: ${(error as Error).message}`);
    }
  }
}
