import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import type { BookingMessageKind } from '../bookings.service';
import { BookingsMailer } from '../bookings.mailer';

export interface TellMemberPayload {
  paymentId: string;
  kind: BookingMessageKind;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'bookings.tell-member': TellMemberPayload;
  }
}

declareJobs({ 'bookings.tell-member': QueueName.Email });

/** A hold, its release or a refund, said in the member's thread. */
@Injectable()
@JobHandler('bookings.tell-member', QueueName.Email)
export class TellMemberJob implements JobHandlerInstance<'bookings.tell-member'> {
  constructor(private readonly mailer: BookingsMailer) {}

  handle(payload: TellMemberPayload) {
    return this.mailer.tell(payload.paymentId, payload.kind);
  }
}
