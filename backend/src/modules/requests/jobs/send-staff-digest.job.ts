import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { StaffNotices } from '../staff-notices';

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'staff.digest': { minute: number };
  }
}

declareJobs({ 'staff.digest': QueueName.Email });

/** Delayed to the end of its minute when a notice is recorded (StaffNotices): the staff's digest email. */
@Injectable()
@JobHandler('staff.digest', QueueName.Email)
export class SendStaffDigestJob implements JobHandlerInstance<'staff.digest'> {
  constructor(private readonly notices: StaffNotices) {}

  handle(payload: { minute: number }, job: Job) {
    return this.notices.sendDigest(payload.minute, job);
  }
}
