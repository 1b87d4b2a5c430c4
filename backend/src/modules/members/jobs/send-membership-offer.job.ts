import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { MembersMailer } from '../members.mailer';

export interface MemberOfferPayload {
  offerId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'member.offer': MemberOfferPayload;
  }
}

declareJobs({ 'member.offer': QueueName.Email });

@Injectable()
@JobHandler('member.offer', QueueName.Email)
export class SendMembershipOfferJob implements JobHandlerInstance<'member.offer'> {
  constructor(private readonly mailer: MembersMailer) {}

  handle(payload: MemberOfferPayload, job: Job) {
    return this.mailer.sendOffer(payload.offerId, job);
  }
}
