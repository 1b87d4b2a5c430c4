import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { MembersMailer } from '../members.mailer';

export interface MemberSignInPayload {
  linkId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'member.sign-in': MemberSignInPayload;
  }
}

declareJobs({ 'member.sign-in': QueueName.Email });

@Injectable()
@JobHandler('member.sign-in', QueueName.Email)
export class SendMemberSignInJob implements JobHandlerInstance<'member.sign-in'> {
  constructor(private readonly mailer: MembersMailer) {}

  handle(payload: MemberSignInPayload, job: Job) {
    return this.mailer.sendSignIn(payload.linkId, job);
  }
}
