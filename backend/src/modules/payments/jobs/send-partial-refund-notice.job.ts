import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { PaymentsMailer } from '../payments.mailer';

export interface PartialRefundNoticePayload {
  refundId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'payment.partial-refund-notice': PartialRefundNoticePayload;
  }
}

declareJobs({ 'payment.partial-refund-notice': QueueName.Email });

@Injectable()
@JobHandler('payment.partial-refund-notice', QueueName.Email)
export class SendPartialRefundNoticeJob implements JobHandlerInstance<'payment.partial-refund-notice'> {
  constructor(private readonly mailer: PaymentsMailer) {}

  handle(payload: PartialRefundNoticePayload, job: Job) {
    return this.mailer.sendPartialRefundNotice(payload.refundId, job);
  }
}
