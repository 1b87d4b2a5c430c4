import type { EventView } from './event-view';

/** Guests may change their answer until this many hours before the start, unless the event says otherwise. */
export const DEFAULT_RSVP_DEADLINE_HOURS = 48;
/** Attending guests are reminded 7 days and 24 hours before the start, unless the event says otherwise. */
export const DEFAULT_REMINDER_HOURS = [168, 24];

const HOUR = 3_600_000;

/**
 * The event's times are floating (local to the venue, as entered; see event-calendar.ts). The
 * server has no venue time zone, so it reads them as UTC for the instants it must act on: the
 * RSVP deadline and the reminders. A guest sees the same wall-clock times either way.
 */
function instant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00Z`);
}

export function eventStartsAt(event: Pick<EventView, 'date' | 'startTime'>): Date {
  return instant(event.date, event.startTime);
}

/**
 * When the event ends: at its end time, on the next day when that is not after the start (a party
 * past midnight, as in event-calendar.ts); at the end of its day when it has no end time.
 */
export function eventEndsAt(event: Pick<EventView, 'date' | 'startTime' | 'endTime'>): Date {
  if (!event.endTime) return new Date(instant(event.date, '00:00').getTime() + 24 * HOUR);
  const end = instant(event.date, event.endTime);
  return end > eventStartsAt(event) ? end : new Date(end.getTime() + 24 * HOUR);
}

/** Until when guests may answer or change their answer. */
export function rsvpDeadlineOf(event: Pick<EventView, 'date' | 'startTime' | 'rsvpDeadline'>): Date {
  if (event.rsvpDeadline) return instant(...(event.rsvpDeadline.split('T') as [string, string]));
  return new Date(eventStartsAt(event).getTime() - DEFAULT_RSVP_DEADLINE_HOURS * HOUR);
}

/** When the reminder `hoursBefore` the start is due. */
export function reminderDueAt(event: Pick<EventView, 'date' | 'startTime'>, hoursBefore: number): Date {
  return new Date(eventStartsAt(event).getTime() - hoursBefore * HOUR);
}

/** The start as a compact key ('20261212T1900'): a reminder names the start it was planned for. */
export function startKey(event: Pick<EventView, 'date' | 'startTime'>): string {
  return `${event.date.replace(/-/g, '')}T${event.startTime.replace(':', '')}`;
}

/** 'in 7 days' / 'tomorrow' / 'in 3 hours', for a reminder `hoursBefore` the start. */
export function reminderLead(hoursBefore: number): string {
  if (hoursBefore === 24) return 'tomorrow';
  if (hoursBefore % 24 === 0) return `in ${hoursBefore / 24} days`;
  return hoursBefore === 1 ? 'in 1 hour' : `in ${hoursBefore} hours`;
}
