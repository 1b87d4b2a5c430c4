import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { PageViewsService } from '../page-views.service';

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    'insights.roll-up-visits': {};
  }
}

declareJobs({ 'insights.roll-up-visits': QueueName.Maintenance });

/** Repeatable (see visits-roll-up.scheduler.ts): folds closed days' visitors into counts and forgets their keys. */
@Injectable()
@JobHandler('insights.roll-up-visits', QueueName.Maintenance)
export class RollUpVisitsJob implements JobHandlerInstance<'insights.roll-up-visits'> {
  constructor(private readonly pageViews: PageViewsService) {}

  async handle() {
    await this.pageViews.rollUpClosedDays();
  }
}
