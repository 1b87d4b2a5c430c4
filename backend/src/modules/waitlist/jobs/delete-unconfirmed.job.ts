import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { WaitlistRetention } from '../waitlist-retention.service';

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    'waitlist.delete-unconfirmed': {};
  }
}

declareJobs({ 'waitlist.delete-unconfirmed': QueueName.Maintenance });

/** Repeatable (see waitlist-cleanup.scheduler.ts): deletes sign-ups left unconfirmed past their days. */
@Injectable()
@JobHandler('waitlist.delete-unconfirmed', QueueName.Maintenance)
export class DeleteUnconfirmedJob implements JobHandlerInstance<'waitlist.delete-unconfirmed'> {
  constructor(private readonly retention: WaitlistRetention) {}

  async handle() {
    await this.retention.deleteUnconfirmed();
  }
}
