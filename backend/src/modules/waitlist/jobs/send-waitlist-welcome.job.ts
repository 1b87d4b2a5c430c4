import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { WaitlistMailer } from '../waitlist.mailer';

export interface WaitlistWelcomePayload {
  entryId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'waitlist.welcome': WaitlistWelcomePayload;
  }
}

declareJobs({ 'waitlist.welcome': QueueName.Email });

@Injectable()
@JobHandler('waitlist.welcome', QueueName.Email)
export class SendWaitlistWelcomeJob implements JobHandlerInstance<'waitlist.welcome'> {
  constructor(private readonly mailer: WaitlistMailer) {}

  handle(payload: WaitlistWelcomePayload) {
    return this.mailer.sendWelcome(payload.entryId);
  }
}
