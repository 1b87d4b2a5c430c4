import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { WaitingListMailer } from '../waiting-list.mailer';

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'waiting-list.offer': { entryId: string };
  }
}

declareJobs({ 'waiting-list.offer': QueueName.Email });

/** Queued with the offer (WaitingListService): tells the guest seats are held for them. */
@Injectable()
@JobHandler('waiting-list.offer', QueueName.Email)
export class SendWaitingListOfferJob implements JobHandlerInstance<'waiting-list.offer'> {
  constructor(private readonly mailer: WaitingListMailer) {}

  handle(payload: { entryId: string }, job: Job) {
    return this.mailer.sendOffer(payload.entryId, job);
  }
}
