import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { WaitlistMailer } from '../waitlist.mailer';

/** The confirmation link sent again to someone who signed up again before confirming. */
export interface WaitlistConfirmAgainPayload {
  entryId: string;
  /** The email's key: one per entry per day (`waitlist.confirm-again:<id>:<YYYY-MM-DD>`). */
  key: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'waitlist.confirm-again': WaitlistConfirmAgainPayload;
  }
}

declareJobs({ 'waitlist.confirm-again': QueueName.Email });

@Injectable()
@JobHandler('waitlist.confirm-again', QueueName.Email)
export class SendConfirmationAgainJob implements JobHandlerInstance<'waitlist.confirm-again'> {
  constructor(private readonly mailer: WaitlistMailer) {}

  handle(payload: WaitlistConfirmAgainPayload, job: Job) {
    return this.mailer.sendConfirmationAgain(payload.entryId, payload.key, job);
  }
}
