import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { PaymentsService } from '../payments.service';

export interface RefundPaymentPayload {
  paymentId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'payment.refund': RefundPaymentPayload;
  }
}

declareJobs({ 'payment.refund': QueueName.StripeWebhooks });

/** Asks the provider to refund a payment: an administrator's refund, or an automatic one (see PaymentSettlement). */
@Injectable()
@JobHandler('payment.refund', QueueName.StripeWebhooks)
export class RefundPaymentJob implements JobHandlerInstance<'payment.refund'> {
  constructor(private readonly payments: PaymentsService) {}

  handle(payload: RefundPaymentPayload, job: Job) {
    return this.payments.refundForJob(payload.paymentId, job);
  }
}
