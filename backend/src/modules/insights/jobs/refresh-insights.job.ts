import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { InsightsService } from '../insights.service';
import { PageViewsService } from '../page-views.service';

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    'insights.refresh': {};
  }
}

declareJobs({ 'insights.refresh': QueueName.Maintenance });

/**
 * Repeatable (see insights-refresh.scheduler.ts): folds closed days' visitors into counts (and
 * forgets their keys and salts), then rebuilds the funnel.
 */
@Injectable()
@JobHandler('insights.refresh', QueueName.Maintenance)
export class RefreshInsightsJob implements JobHandlerInstance<'insights.refresh'> {
  constructor(
    private readonly pageViews: PageViewsService,
    private readonly insights: InsightsService,
  ) {}

  async handle() {
    await this.pageViews.rollUpClosedDays();
    await this.insights.refreshFunnel();
  }
}
