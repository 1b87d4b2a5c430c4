import { venueClock, venueInstant } from '@maison/shared';
import type { EventView } from './event-view';

/** Guests may change their answer until this many hours before the start, unless the event says otherwise. */
export const DEFAULT_RSVP_DEADLINE_HOURS = 48;
/** Attending guests are reminded 7 days and 24 hours before the start, unless the event says otherwise. */
export const DEFAULT_REMINDER_HOURS = [168, 24];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Timed = Pick<EventView, 'date' | 'startTime' | 'timeZone'>;

// The venue's clock is read as the site and the emails read it (the shared formats).
export { venueClock, venueInstant };

/**
 * An IANA time zone this server knows ('Europe/Monaco', 'America/New_York', 'UTC'), as
 * Intl.DateTimeFormat reads it; an offset ('+01:00') is not a zone's name.
 */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A zone's name in its usual capitals ('europe/monaco' is 'Europe/Monaco'); anything else as it is. */
export function timeZoneSpelling(value: string): string {
  if (!isTimeZone(value)) return value;
  const known = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  return known.toLowerCase() === value.toLowerCase() ? known : value;
}

/** The calendar day after `date` ('YYYY-MM-DD'). */
function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
}

export function eventStartsAt(event: Timed): Date {
  return venueInstant(event.date, event.startTime, event.timeZone);
}

/**
 * When the event ends: at its end time, on the next day when that is not after the start (a party
 * past midnight, as in event-calendar.ts); at the end of its day when it has no end time.
 */
export function eventEndsAt(event: Timed & Pick<EventView, 'endTime'>): Date {
  if (!event.endTime) return venueInstant(nextDay(event.date), '00:00', event.timeZone);
  const end = venueInstant(event.date, event.endTime, event.timeZone);
  return end > eventStartsAt(event) ? end : venueInstant(nextDay(event.date), event.endTime, event.timeZone);
}

/** Until when guests may answer or change their answer. */
export function rsvpDeadlineOf(event: Timed & Pick<EventView, 'rsvpDeadline'>): Date {
  if (event.rsvpDeadline) {
    const [date, time] = event.rsvpDeadline.split('T');
    return venueInstant(date, time ?? '', event.timeZone);
  }
  return new Date(eventStartsAt(event).getTime() - DEFAULT_RSVP_DEADLINE_HOURS * HOUR);
}

/** When the reminder `hoursBefore` the start is due. */
export function reminderDueAt(event: Timed, hoursBefore: number): Date {
  return new Date(eventStartsAt(event).getTime() - hoursBefore * HOUR);
}

/**
 * The start as a compact key ('20261212T1900', on the venue's clock): a reminder names the start
 * it was planned for. The zone is not part of it: a reminder names its zone beside it.
 */
export function startKey(event: Pick<EventView, 'date' | 'startTime'>): string {
  return `${event.date.replace(/-/g, '')}T${event.startTime.replace(':', '')}`;
}

/** 'in 7 days' / 'tomorrow' / 'in 3 hours', for a reminder `hoursBefore` the start. */
export function reminderLead(hoursBefore: number): string {
  if (hoursBefore === 24) return 'tomorrow';
  if (hoursBefore % 24 === 0) return `in ${hoursBefore / 24} days`;
  return hoursBefore === 1 ? 'in 1 hour' : `in ${hoursBefore} hours`;
}
