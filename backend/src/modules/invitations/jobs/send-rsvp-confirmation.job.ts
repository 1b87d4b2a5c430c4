import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { InvitationsMailer } from '../invitations.mailer';

/** Queued through InvitationsService.confirmRsvp (free RSVPs, and paid ones once paid). */
export interface RsvpConfirmationPayload {
  rsvpId: string;
  /** The RSVP's confirmationVersion this email confirms (absent in jobs queued before versions). */
  version?: number;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'rsvp.confirmation': RsvpConfirmationPayload;
  }
}

declareJobs({ 'rsvp.confirmation': QueueName.Email });

@Injectable()
@JobHandler('rsvp.confirmation', QueueName.Email)
export class SendRsvpConfirmationJob implements JobHandlerInstance<'rsvp.confirmation'> {
  constructor(private readonly mailer: InvitationsMailer) {}

  handle(payload: RsvpConfirmationPayload, job: Job) {
    return this.mailer.sendRsvpConfirmation(payload.rsvpId, payload.version, job);
  }
}
