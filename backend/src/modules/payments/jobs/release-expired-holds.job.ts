import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { ReservationsService } from '../../invitations';

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    'payments.release-expired-holds': {};
  }
}

declareJobs({ 'payments.release-expired-holds': QueueName.Maintenance });

/** Repeatable (see hold-release.scheduler.ts): gives expired payment holds' seats back. */
@Injectable()
@JobHandler('payments.release-expired-holds', QueueName.Maintenance)
export class ReleaseExpiredHoldsJob implements JobHandlerInstance<'payments.release-expired-holds'> {
  constructor(private readonly reservations: ReservationsService) {}

  handle() {
    return this.reservations.releaseExpiredHolds();
  }
}
