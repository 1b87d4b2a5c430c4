import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { RepeatingJobs } from '../../platform/queue/repeating-jobs.service';

/**
 * Keeps the repeating job that deletes expired exports scheduled (as payments' hold release does):
 * the api process schedules it once migrated; 0 seconds removes it (the API tests run it by hand).
 */
@Injectable()
export class DataExportCleanupScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(DataExportCleanupScheduler.name);

  constructor(
    private readonly repeating: RepeatingJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.adapterHost.httpAdapter) return;
    try {
      await this.repeating.every(
        'data-request.delete-expired-exports',
        this.config.DATA_EXPORT_CLEANUP_SECONDS * 1000,
        {},
      );
    } catch (error) {
      this.logger.warn(`Could not schedule the deletion of expired exports: ${(error as Error).message}`);
    }
  }
}
