import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { PaymentSettlement } from '../payment-settlement.service';

export interface StripeEventPayload {
  eventId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'stripe.event': StripeEventPayload;
  }
}

declareJobs({ 'stripe.event': QueueName.StripeWebhooks });

/** Applies one provider event (job id derived from the event id; running it twice changes nothing). */
@Injectable()
@JobHandler('stripe.event', QueueName.StripeWebhooks)
export class ApplyStripeEventJob implements JobHandlerInstance<'stripe.event'> {
  constructor(private readonly settlement: PaymentSettlement) {}

  handle(payload: StripeEventPayload) {
    return this.settlement.applyStoredEvent(payload.eventId);
  }
}
