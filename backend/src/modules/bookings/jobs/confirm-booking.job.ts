import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { BookingsMailer } from '../bookings.mailer';

export interface ConfirmBookingPayload {
  paymentId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'bookings.confirm': ConfirmBookingPayload;
  }
}

declareJobs({ 'bookings.confirm': QueueName.Email });

/** After the provider's success event: the request confirmed, the member told and emailed (once). */
@Injectable()
@JobHandler('bookings.confirm', QueueName.Email)
export class ConfirmBookingJob implements JobHandlerInstance<'bookings.confirm'> {
  constructor(private readonly mailer: BookingsMailer) {}

  handle(payload: ConfirmBookingPayload, job: Job) {
    return this.mailer.confirm(payload.paymentId, job);
  }
}
