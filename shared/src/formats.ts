/**
 * How dates, times, money and party sizes read, written once for the site, the admin, the guest
 * pages and the emails, so a guest never sees '7:30 PM' on a page and '19:30' in its email.
 *
 * - One clock: 24 hours ('19:30'), the way the spec enters and names an event's hours (19:00 to
 *   23:00) and the way a European house writes them.
 * - Days in words, month first ('Saturday, December 12, 2026'; 'Dec 12, 2026' in tables).
 * - An event's times are on the venue's clock, in its IANA zone, whoever reads them; where a reader
 *   elsewhere could misread them (an event's hours, a deadline), the zone is named ('CET').
 * - Money as the spec has it: the currency code, then the amount with the currency's decimals
 *   ('EUR 1,250.00', 'JPY 24,000'): a code is unambiguous where '$' is not.
 * - Party sizes as the spec has them: '1 Guest', '2 Guests' ('2 guests' inside a sentence).
 */

/** What the spec shows for a date that cannot be read. */
export const INVALID_DATE = 'Invalid date';

const DAY = 86_400_000;

// --- A clock in a time zone -------------------------------------------------------------------

/** One formatter per zone (they are costly to build), reading an instant's wall clock there. */
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string): Intl.DateTimeFormat {
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
  for (const part of clockOf(timeZone).formatToParts(new Date(at))) parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** How far `timeZone`'s clock is ahead of UTC at the instant `at` (negative west of Greenwich). */
function offsetAt(timeZone: string, at: number): number {
  return wallClockAt(timeZone, at) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a venue's clock in `timeZone` reads `date` ('YYYY-MM-DD') at `time` ('HH:mm'): the
 * one function that turns the times an event is entered with into moments. Across a change of the
 * clocks it answers as calendars do: a time the clocks skip (02:30 on the night they go forward)
 * is read with the offset before the change, so it lands as long after the change as it was meant
 * to be after the hour before (03:30); a time that happens twice (the night they go back) is its
 * first occurrence. An unreadable date or time answers an Invalid Date; an unknown zone throws.
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

/** What a venue's clock in `timeZone` reads at `at`: its day ('YYYY-MM-DD') and time ('HH:mm'). An unknown zone throws. */
export function venueClock(at: Date, timeZone: string): { date: string; time: string } {
  const reading = new Date(wallClockAt(timeZone, at.getTime())).toISOString();
  return { date: reading.slice(0, 10), time: reading.slice(11, 16) };
}

/** Whether this runtime knows the zone (a browser may know fewer than the server). */
function knownZone(timeZone: string): boolean {
  try {
    clockOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * A zone's short name at the instant `at` ('CET', 'CEST', 'EST', 'GMT+9'): English names zones
 * of the Americas in en-US and of Europe in en-GB, so the one that gives a name, else the offset.
 */
export function timeZoneName(at: Date, timeZone: string): string {
  if (!knownZone(timeZone)) return timeZone;
  const name = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const american = name('en-US');
  return /^GMT[+-]/.test(american) ? name('en-GB') : american;
}

// --- Dates and times --------------------------------------------------------------------------

/** 'long': 'Saturday, December 12, 2026'; 'medium': 'Dec 12, 2026'; 'short': 'Dec 12'. */
export type DateStyle = 'long' | 'medium' | 'short';

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  short: { month: 'short', day: 'numeric' },
};

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A Date from an ISO string or a Date; null when it cannot be read. */
function instant(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * A date in words. A calendar day ('YYYY-MM-DD', an event's day) is that day wherever it is read;
 * an instant is the day of the clock in `timeZone`, or the reader's own clock without one.
 * 'Invalid date' when it cannot be read.
 */
export function formatDate(
  value: string | Date | null | undefined,
  style: DateStyle = 'medium',
  timeZone?: string,
): string {
  const day = typeof value === 'string' && CALENDAR_DAY.test(value);
  const at = instant(day ? `${value}T00:00:00Z` : value);
  if (!at) return INVALID_DATE;
  const zone = day ? 'UTC' : timeZone && knownZone(timeZone) ? timeZone : undefined;
  return new Intl.DateTimeFormat('en-US', { ...DATE_OPTIONS[style], timeZone: zone }).format(at);
}

/** A time of day on the 24-hour clock: '19:00' from '19:00', '19:00:00' or '9:00' ('09:00'); anything else as it is. */
export function formatClock(time: string): string {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  return match ? `${match[1].padStart(2, '0')}:${match[2]}` : time;
}

/** An instant's time of day ('19:30') on the clock of `timeZone`, or the reader's own clock without one. */
export function formatTime(value: string | Date | null | undefined, timeZone?: string): string {
  const at = instant(value);
  if (!at) return INVALID_DATE;
  const zone = timeZone && knownZone(timeZone) ? timeZone : undefined;
  return new Intl.DateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(at);
}

/**
 * An instant as a date and a time: 'Dec 12, 2026 at 19:30'. With `timeZone`, on that zone's clock
 * (a venue's: 'Thursday, December 10, 2026 at 19:00 CET' with `nameZone`); otherwise on the
 * reader's, named as theirs with `nameZone`. A zone this runtime does not know is read as UTC,
 * and named so.
 */
export function formatDateTime(
  value: string | Date | null | undefined,
  options: { style?: DateStyle; timeZone?: string; nameZone?: boolean } = {},
): string {
  const at = instant(value);
  if (!at) return INVALID_DATE;
  const zone = options.timeZone === undefined ? undefined : knownZone(options.timeZone) ? options.timeZone : 'UTC';
  const text = `${formatDate(at, options.style ?? 'medium', zone)} at ${formatTime(at, zone)}`;
  if (!options.nameZone) return text;
  return `${text} ${timeZoneName(at, zone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone)}`;
}

/**
 * An event's hours on the venue's clock, with its zone's name at the start: '19:00 – 23:00 CET'
 * ('19:00 CET' without an end time). A zone this runtime does not know is named as it is stored.
 */
export function formatEventTime(event: {
  date: string;
  startTime: string;
  endTime?: string | null;
  timeZone?: string | null;
}): string {
  const hours = event.endTime
    ? `${formatClock(event.startTime)} – ${formatClock(event.endTime)}`
    : formatClock(event.startTime);
  if (!event.timeZone) return hours;
  if (!knownZone(event.timeZone)) return `${hours} ${event.timeZone}`;
  const start = venueInstant(event.date, formatClock(event.startTime), event.timeZone);
  return Number.isNaN(start.getTime()) ? hours : `${hours} ${timeZoneName(start, event.timeZone)}`;
}

// --- Money ------------------------------------------------------------------------------------

/** Currencies without minor units (Stripe's "zero-decimal" list, as far as we sell in them). */
const ZERO_DECIMAL = new Set(['JPY']);

/** Digits after the decimal point in `currency`: 2, or 0 for yen. */
export function currencyDigits(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

/** The figure alone, with the currency's decimals ('1,250.00', '24,000'): for a table whose column names the currency. */
export function formatMoneyFigure(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    amount,
  );
}

/** 'EUR 1,250.00', 'JPY 24,000': every amount, on every page, in the admin and in the emails. */
export function formatMoney(amount: number, currency: string | null | undefined): string {
  const code = (currency || 'USD').toUpperCase();
  return `${code} ${formatMoneyFigure(amount, code)}`;
}

// --- Party sizes ------------------------------------------------------------------------------

/** '1 Guest', '3 Guests' (the spec's guest count); 'sentence' for the middle of one: '3 guests'. */
export function formatGuestCount(count: number, casing: 'title' | 'sentence' = 'title'): string {
  const word = count === 1 ? 'Guest' : 'Guests';
  return `${count.toLocaleString('en-US')} ${casing === 'title' ? word : word.toLowerCase()}`;
}
