import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { OutboxService } from '../../platform/queue/outbox.service';
import {
  eventAddress,
  EventLifecycle,
  type EventSaved,
  EventsService,
  type EventView,
  formatEventDate,
  formatEventTime,
  reminderDueAt,
  startKey,
} from '../events';
import type { EventRemindersPayload } from './jobs/send-event-reminders.job';

/** One reminder per guest, per reminder time, per start it was planned for: never sent twice. */
export const reminderKey = (rsvpId: string, hoursBefore: number, startsAt: string) =>
  `event.reminder:${rsvpId}:${hoursBefore}:${startsAt}`;
export const changeNoticeKey = (rsvpId: string, changeId: string) => `event.change:${rsvpId}:${changeId}`;
export const cancellationKey = (invitationId: number) => `event.cancelled:${invitationId}`;

/** What changed for the guest: a label, what it was and what it is now. */
export type EventChangeLine = [label: string, before: string, after: string];

function changedLines(previous: EventView, event: EventView): EventChangeLine[] {
  const lines: EventChangeLine[] = [];
  if (previous.date !== event.date) lines.push(['Date', formatEventDate(previous.date), formatEventDate(event.date)]);
  if (
    previous.startTime !== event.startTime ||
    previous.endTime !== event.endTime ||
    previous.timeZone !== event.timeZone
  ) {
    lines.push(['Time', formatEventTime(previous), formatEventTime(event)]);
  }
  if (previous.venue !== event.venue) lines.push(['Venue', previous.venue, event.venue]);
  if (eventAddress(previous) !== eventAddress(event))
    lines.push(['Address', eventAddress(previous), eventAddress(event)]);
  return lines;
}

/**
 * What the guests hear of their event beyond their own answer: reminders before the start,
 * a new date, time or venue, and a cancellation. Reminders are delayed jobs (the outbox's delay)
 * named by the event, the reminder time and the start they were planned for (the venue's day and
 * time, and its time zone): a new date, time or zone schedules new ones, and a reminder planned
 * for an old start finds it changed and sends nothing.
 * When it runs, it queues one email per attending guest under a key of their own, so a guest who
 * declined gets none and none is sent twice.
 */
@Injectable()
export class EventNotices implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly lifecycle: EventLifecycle,
    private readonly events: EventsService,
    private readonly outbox: OutboxService,
    private readonly emails: EmailDeliveryService,
  ) {}

  onModuleInit(): void {
    this.lifecycle.onSaved(async (change) => {
      await this.scheduleReminders(change);
      await this.announceChange(change);
    });
    this.lifecycle.onCancelled(({ em, event }) => this.announceCancellation(em, event));
  }

  /** The job id of a reminder: one delayed job per event, reminder time and start (in its zone). */
  static reminderJobId(eventId: number, hoursBefore: number, startsAt: string, timeZone: string): string {
    return `event-reminders.${eventId}.${hoursBefore}.${startsAt}.${timeZone}`;
  }

  private async scheduleReminders({ em, event, previous }: EventSaved): Promise<void> {
    if (event.status === 'cancelled' || event.status === 'completed') return;
    const startsAt = startKey(event);
    const { timeZone } = event;
    const now = Date.now();
    const sameStart = previous && startKey(previous) === startsAt && previous.timeZone === timeZone;
    for (const hoursBefore of event.reminderHours) {
      if (sameStart && previous.reminderHours.includes(hoursBefore)) continue;
      const delayMs = reminderDueAt(event, hoursBefore).getTime() - now;
      // A reminder time already past when the event is set is not sent late.
      if (delayMs <= 0) continue;
      await this.outbox.add(
        em,
        'event.reminders',
        { eventId: event.id, hoursBefore, startsAt, timeZone },
        { delayMs, jobId: EventNotices.reminderJobId(event.id, hoursBefore, startsAt, timeZone) },
      );
    }
  }

  /** The reminder job: queues the email of every guest attending now, if the event is still as planned. */
  async sendReminders(payload: EventRemindersPayload): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const event = await this.events.find(em, payload.eventId);
      if (!event || event.status === 'cancelled' || event.status === 'completed') return 0;
      // Planned for another start (day, time or zone), or a reminder time since removed: a newer job has it.
      // One planned before events had zones names none: its start is the venue's day and time.
      const zone = payload.timeZone ?? event.timeZone;
      if (startKey(event) !== payload.startsAt || zone !== event.timeZone) return 0;
      if (!event.reminderHours.includes(payload.hoursBefore)) return 0;
      const guests = await this.attending(em, event.id);
      await this.emails.queueMany(
        em,
        'event.reminder',
        guests.map((g) => ({
          key: reminderKey(g.rsvpId, payload.hoursBefore, payload.startsAt),
          recipient: g.email,
          payload: { rsvpId: g.rsvpId, hoursBefore: payload.hoursBefore, startsAt: payload.startsAt },
        })),
        'event.reminder-email',
      );
      return guests.length;
    });
  }

  /** A new date, time or venue: every attending guest is told what changed, with the updated .ics. */
  private async announceChange({ em, event, previous }: EventSaved): Promise<void> {
    if (!previous) return;
    const changes = changedLines(previous, event);
    if (changes.length === 0) return;
    const changeId = randomUUID();
    const guests = await this.attending(em, event.id);
    await this.emails.queueMany(
      em,
      'event.change',
      guests.map((g) => ({
        key: changeNoticeKey(g.rsvpId, changeId),
        recipient: g.email,
        payload: { rsvpId: g.rsvpId, changeId, changes },
      })),
      'event.change-email',
    );
  }

  /** The event is cancelled: everyone who received an invitation hears of it (payments refund the paid). */
  private async announceCancellation(em: EntityManager, event: EventView): Promise<void> {
    const invited = await em.execute<Array<{ id: number; recipient_email: string }>>(
      `select id, recipient_email from invitations where event_id = ? and status not in ('pending', 'cancelled')`,
      [event.id],
    );
    await this.emails.queueMany(
      em,
      'event.cancelled',
      invited.map((i) => ({
        key: cancellationKey(i.id),
        recipient: i.recipient_email,
        payload: { invitationId: i.id },
      })),
      'event.cancelled-email',
    );
  }

  private async attending(em: EntityManager, eventId: number): Promise<Array<{ rsvpId: string; email: string }>> {
    const rows = await em.execute<Array<{ id: string; recipient_email: string }>>(
      `select r.id, i.recipient_email from rsvps r join invitations i on i.id = r.invitation_id
        where r.event_id = ? and r.status = 'attending' and i.status <> 'cancelled' order by r.id`,
      [eventId],
    );
    return rows.map((r) => ({ rsvpId: r.id, email: r.recipient_email }));
  }
}
