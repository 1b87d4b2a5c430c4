import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { WaitingListService } from '../waiting-list.service';

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'waiting-list.offer-expiry': { entryId: string };
  }
}

declareJobs({ 'waiting-list.offer-expiry': QueueName.Maintenance });

/** Delayed by the offer window when the offer is made: ends it unless claimed, and serves the line. */
@Injectable()
@JobHandler('waiting-list.offer-expiry', QueueName.Maintenance)
export class ExpireWaitingListOfferJob implements JobHandlerInstance<'waiting-list.offer-expiry'> {
  constructor(private readonly waitingList: WaitingListService) {}

  handle(payload: { entryId: string }) {
    return this.waitingList.expireOffer(payload.entryId);
  }
}
