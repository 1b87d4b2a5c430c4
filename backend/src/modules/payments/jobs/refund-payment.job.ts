import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
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

/** Asks the provider to refund a payment whose seats no longer exist (idempotency key per payment). */
@Injectable()
@JobHandler('payment.refund', QueueName.StripeWebhooks)
export class RefundPaymentJob implements JobHandlerInstance<'payment.refund'> {
  constructor(private readonly payments: PaymentsService) {}

  handle(payload: RefundPaymentPayload) {
    return this.payments.refundForJob(payload.paymentId);
  }
}
