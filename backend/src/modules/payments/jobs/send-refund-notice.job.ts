import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { PaymentsMailer } from '../payments.mailer';

export interface RefundNoticePayload {
  paymentId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'payment.refund-notice': RefundNoticePayload;
  }
}

declareJobs({ 'payment.refund-notice': QueueName.Email });

@Injectable()
@JobHandler('payment.refund-notice', QueueName.Email)
export class SendRefundNoticeJob implements JobHandlerInstance<'payment.refund-notice'> {
  constructor(private readonly mailer: PaymentsMailer) {}

  handle(payload: RefundNoticePayload, job: Job) {
    return this.mailer.sendRefundNotice(payload.paymentId, job);
  }
}
