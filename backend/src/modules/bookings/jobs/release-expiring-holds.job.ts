import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { BookingsService } from '../bookings.service';

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    'bookings.release-expiring-holds': {};
  }
}

declareJobs({ 'bookings.release-expiring-holds': QueueName.Maintenance });

/** Repeatable (see booking-holds.scheduler.ts): holds near the bank's limit are released. */
@Injectable()
@JobHandler('bookings.release-expiring-holds', QueueName.Maintenance)
export class ReleaseExpiringHoldsJob implements JobHandlerInstance<'bookings.release-expiring-holds'> {
  constructor(private readonly bookings: BookingsService) {}

  handle() {
    return this.bookings.releaseExpiringHolds();
  }
}
