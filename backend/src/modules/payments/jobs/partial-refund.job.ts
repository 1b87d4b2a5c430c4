import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { PaymentsService } from '../payments.service';

export interface PartialRefundPayload {
  refundId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'payment.partial-refund': PartialRefundPayload;
  }
}

declareJobs({ 'payment.partial-refund': QueueName.StripeWebhooks });

/** Asks the provider for part of a payment back: a guest lowered the count (PaymentSettlement.refundExcess). */
@Injectable()
@JobHandler('payment.partial-refund', QueueName.StripeWebhooks)
export class PartialRefundJob implements JobHandlerInstance<'payment.partial-refund'> {
  constructor(private readonly payments: PaymentsService) {}

  handle(payload: PartialRefundPayload, job: Job) {
    return this.payments.partialRefundForJob(payload.refundId, job);
  }
}
