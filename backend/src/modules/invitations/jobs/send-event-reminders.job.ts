import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { EventNotices } from '../event-notices';

/**
 * Delayed until `hoursBefore` the start it was planned for (`startsAt`, as startKey() writes it,
 * on the clock of `timeZone`; absent from reminders planned before events had time zones).
 */
export interface EventRemindersPayload {
  eventId: number;
  hoursBefore: number;
  startsAt: string;
  timeZone?: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'event.reminders': EventRemindersPayload;
  }
}

declareJobs({ 'event.reminders': QueueName.Email });

/** A reminder time has come: each attending guest's reminder email is queued (EventNotices). */
@Injectable()
@JobHandler('event.reminders', QueueName.Email)
export class SendEventRemindersJob implements JobHandlerInstance<'event.reminders'> {
  constructor(private readonly notices: EventNotices) {}

  async handle(payload: EventRemindersPayload) {
    await this.notices.sendReminders(payload);
  }
}
