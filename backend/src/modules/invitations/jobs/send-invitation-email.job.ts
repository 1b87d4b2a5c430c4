import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { InvitationsMailer } from '../invitations.mailer';

export interface InvitationSendPayload {
  invitationId: number;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'invitation.send': InvitationSendPayload;
  }
}

declareJobs({ 'invitation.send': QueueName.Email });

@Injectable()
@JobHandler('invitation.send', QueueName.Email)
export class SendInvitationEmailJob implements JobHandlerInstance<'invitation.send'> {
  constructor(private readonly mailer: InvitationsMailer) {}

  handle(payload: InvitationSendPayload, job: Job) {
    return this.mailer.sendInvitation(payload.invitationId, job);
  }
}
