import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { NominationsMailer } from '../nominations.mailer';

export interface NominationEmailPayload {
  nominationId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'nomination.email': NominationEmailPayload;
  }
}

declareJobs({ 'nomination.email': QueueName.Email });

@Injectable()
@JobHandler('nomination.email', QueueName.Email)
export class SendNominationEmailJob implements JobHandlerInstance<'nomination.email'> {
  constructor(private readonly mailer: NominationsMailer) {}

  handle(payload: NominationEmailPayload, job: Job) {
    return this.mailer.sendNomination(payload.nominationId, job);
  }
}
