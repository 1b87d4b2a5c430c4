import type { EventView } from './event-view';

/** Guests may change their answer until this many hours before the start, unless the event says otherwise. */
export const DEFAULT_RSVP_DEADLINE_HOURS = 48;
/** Attending guests are reminded 7 days and 24 hours before the start, unless the event says otherwise. */
export const DEFAULT_REMINDER_HOURS = [168, 24];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Timed = Pick<EventView, 'date' | 'startTime' | 'timeZone'>;

/** One formatter per zone (they are costly to build), reading an instant's wall clock there. */
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockIn(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The wall clock of `timeZone` at the instant `at`, as the milliseconds of the same reading in UTC. */
function wallClockAt(timeZone: string, at: number): number {
  const parts: Record<string, number> = {};
  for (const part of clockIn(timeZone).formatToParts(new Date(at))) parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** How far `timeZone`'s clock is ahead of UTC at the instant `at` (negative west of Greenwich). */
function offsetAt(timeZone: string, at: number): number {
  return wallClockAt(timeZone, at) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a venue's clock in `timeZone` reads `date` ('YYYY-MM-DD') at `time` ('HH:mm'): the
 * one function that turns the times an event is entered with into the moments the server acts on.
 * Across a change of the clocks it answers as calendars do: a time the clocks skip (02:30 on the
 * night they go forward) is read with the offset before the change, so it lands as long after
 * the change as it was meant to be after the hour before (03:30); a time that happens twice (the
 * night they go back) is its first occurrence. An unreadable date or time answers an Invalid Date.
 */
export function venueInstant(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(wall)) return new Date(NaN);
  // The offsets a day either side: a change of the clocks near `wall` lies between them.
  const before = offsetAt(timeZone, wall - DAY);
  const after = offsetAt(timeZone, wall + DAY);
  const readings = [wall - before, wall - after].filter((at) => wallClockAt(timeZone, at) === wall);
  if (readings.length === 0) return new Date(wall - before);
  return new Date(Math.min(...readings));
}

/** What a venue's clock in `timeZone` reads at `at`: its day ('YYYY-MM-DD') and time ('HH:mm'). */
export function venueClock(at: Date, timeZone: string): { date: string; time: string } {
  const reading = new Date(wallClockAt(timeZone, at.getTime())).toISOString();
  return { date: reading.slice(0, 10), time: reading.slice(11, 16) };
}

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
