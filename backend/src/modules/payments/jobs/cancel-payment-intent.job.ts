import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { PaymentsService } from '../payments.service';

export interface CancelPaymentIntentPayload {
  paymentId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'payment.cancel-intent': CancelPaymentIntentPayload;
  }
}

declareJobs({ 'payment.cancel-intent': QueueName.StripeWebhooks });

/** Cancels the provider's intent of a payment superseded by a changed answer (see PaymentSettlement.supersedeStale). */
@Injectable()
@JobHandler('payment.cancel-intent', QueueName.StripeWebhooks)
export class CancelPaymentIntentJob implements JobHandlerInstance<'payment.cancel-intent'> {
  constructor(private readonly payments: PaymentsService) {}

  handle(payload: CancelPaymentIntentPayload) {
    return this.payments.cancelSupersededForJob(payload.paymentId);
  }
}
