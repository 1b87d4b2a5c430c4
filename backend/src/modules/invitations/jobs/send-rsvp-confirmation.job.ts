import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { QueueName } from '../../../platform/queue/queue-names';
import { InvitationsMailer } from '../invitations.mailer';

/** Queued through InvitationsService.queueRsvpConfirmation (free RSVPs, and paid ones once paid). */
export interface RsvpConfirmationPayload {
  rsvpId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'rsvp.confirmation': RsvpConfirmationPayload;
  }
}

@Injectable()
@JobHandler('rsvp.confirmation', QueueName.Email)
export class SendRsvpConfirmationJob implements JobHandlerInstance<'rsvp.confirmation'> {
  constructor(private readonly mailer: InvitationsMailer) {}

  handle(payload: RsvpConfirmationPayload) {
    return this.mailer.sendRsvpConfirmation(payload.rsvpId);
  }
}
