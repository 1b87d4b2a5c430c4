import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import type { EventChangeLine } from '../event-notices';
import { InvitationsMailer } from '../invitations.mailer';

export interface EventReminderEmailPayload {
  rsvpId: string;
  hoursBefore: number;
  startsAt: string;
}

export interface EventChangeEmailPayload {
  rsvpId: string;
  changeId: string;
  changes: EventChangeLine[];
}

export interface EventCancelledEmailPayload {
  invitationId: number;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'event.reminder-email': EventReminderEmailPayload;
    'event.change-email': EventChangeEmailPayload;
    'event.cancelled-email': EventCancelledEmailPayload;
  }
}

declareJobs({
  'event.reminder-email': QueueName.Email,
  'event.change-email': QueueName.Email,
  'event.cancelled-email': QueueName.Email,
});

/** One guest's reminder (queued by the event.reminders job). */
@Injectable()
@JobHandler('event.reminder-email', QueueName.Email)
export class SendEventReminderEmailJob implements JobHandlerInstance<'event.reminder-email'> {
  constructor(private readonly mailer: InvitationsMailer) {}

  handle(payload: EventReminderEmailPayload, job: Job) {
    return this.mailer.sendReminder(payload, job);
  }
}

/** One attending guest told of a new date, time or venue. */
@Injectable()
@JobHandler('event.change-email', QueueName.Email)
export class SendEventChangeEmailJob implements JobHandlerInstance<'event.change-email'> {
  constructor(private readonly mailer: InvitationsMailer) {}

  handle(payload: EventChangeEmailPayload, job: Job) {
    return this.mailer.sendEventChange(payload, job);
  }
}

/** One invited guest told the event is cancelled. */
@Injectable()
@JobHandler('event.cancelled-email', QueueName.Email)
export class SendEventCancelledEmailJob implements JobHandlerInstance<'event.cancelled-email'> {
  constructor(private readonly mailer: InvitationsMailer) {}

  handle(payload: EventCancelledEmailPayload, job: Job) {
    return this.mailer.sendEventCancelled(payload.invitationId, job);
  }
}
