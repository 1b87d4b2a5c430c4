import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { RepeatingJobs } from '../../platform/queue/repeating-jobs.service';

/**
 * Keeps the repeating release of booking holds scheduled, from the api process (as payments'
 * hold release is); 0 seconds removes it (the API tests run the job by hand).
 */
@Injectable()
export class BookingHoldsScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(BookingHoldsScheduler.name);

  constructor(
    private readonly repeating: RepeatingJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.adapterHost.httpAdapter) return;
    try {
      await this.repeating.every('bookings.release-expiring-holds', this.config.BOOKING_HOLD_CHECK_SECONDS * 1000, {});
    } catch (error) {
      this.logger.warn(`Could not schedule the release of booking holds: ${(error as Error).message}`);
    }
  }
}
