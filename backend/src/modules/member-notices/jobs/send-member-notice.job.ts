import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { MemberNoticesService } from '../member-notices.service';

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'member-notice.send': { requestId: string; round: number };
  }
}

declareJobs({ 'member-notice.send': QueueName.Email });

/** Delayed when the first news of a round comes (MemberNoticesService): the member's email about one request. */
@Injectable()
@JobHandler('member-notice.send', QueueName.Email)
export class SendMemberNoticeJob implements JobHandlerInstance<'member-notice.send'> {
  constructor(private readonly notices: MemberNoticesService) {}

  handle(payload: { requestId: string; round: number }, job: Job) {
    return this.notices.send(payload.requestId, payload.round, job);
  }
}
