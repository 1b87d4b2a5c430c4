import type { ParsedEntities } from '../../platform/ai/types';
import { MONTHS, WEEKDAYS } from './calendar.words';
import { EASTER, FIXED_DAYS, NAMED_EVENTS } from './periods.words';

type Dates = NonNullable<ParsedEntities['dates']>;

const DAY_MS = 86_400_000;

/** Dates are days: UTC midnight of the message's day, whatever the hour it was written. */
function dayOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function iso(day: Date): string {
  return day.toISOString().slice(0, 10);
}

function addDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * DAY_MS);
}

function utc(year: number, month: number, date: number): Date {
  return new Date(Date.UTC(year, month - 1, date));
}

function span(from: Date, to: Date = from): Dates {
  return { from: iso(from), to: iso(to) };
}

function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Monday is the first day of a week; 0 is Monday, 6 Sunday. */
function weekdayIndex(day: Date): number {
  return (day.getUTCDay() + 6) % 7;
}

/** The weekday's next day, today included. */
function upcoming(today: Date, weekday: number): Date {
  return addDays(today, (weekday - weekdayIndex(today) + 7) % 7);
}

function mondayOf(day: Date): Date {
  return addDays(day, -weekdayIndex(day));
}

function monthIndex(name: string): number {
  return MONTHS.findIndex((m) => m === name.toLowerCase()) + 1;
}

/** The year in which a month (and day) comes next, this year's unless it is over. */
function yearFor(today: Date, month: number, date: number, year?: number): number {
  if (year) return year;
  const thisYear = today.getUTCFullYear();
  return utc(thisYear, month, date) >= today ? thisYear : thisYear + 1;
}

/** A month's days from `first` to `last` (clipped to the month), in the year they come next. */
function inMonth(today: Date, month: number, first: number, last: number, year?: number): Dates {
  const y = yearFor(today, month, Math.min(last, lastDayOf(today.getUTCFullYear(), month)), year);
  const end = Math.min(last, lastDayOf(y, month));
  const from = utc(y, month, first);
  return span(from < today && !year ? today : from, utc(y, month, end));
}

function thanksgiving(year: number): Date {
  const first = utc(year, 11, 1);
  return addDays(first, ((3 - weekdayIndex(first) + 7) % 7) + 21);
}

/** A year the member wrote ("June 2027"), which a date without one leaves to the calendar. */
function writtenYear(text: string): number | undefined {
  const match = /\b(202[6-9]|203\d)\b/.exec(text);
  return match ? Number(match[1]) : undefined;
}

const WEEK_OF: Record<string, [number, number]> = {
  first: [1, 7],
  second: [8, 14],
  third: [15, 21],
  fourth: [22, 28],
};

const PART_OF: Record<string, [number, number]> = {
  early: [1, 10],
  'beginning of': [1, 10],
  'start of': [1, 10],
  mid: [11, 20],
  late: [21, 31],
  'end of': [21, 31],
};

/**
 * The days a timeline names (as findTimeline writes it), relative to the day of the message:
 * 'tonight', 'this Saturday', 'next weekend', 'June 14', 'first week of June', 'Christmas',
 * 'Monaco Grand Prix'. Null for what names no days ('next year', 'as soon as possible').
 * 'Next Saturday' and 'next weekend' are those of next week (weeks start on Monday).
 */
export function findDates(timeline: string | null, text: string, now: Date): Dates | null {
  if (!timeline) return null;
  const today = dayOf(now);
  const year = writtenYear(text);
  const t = timeline.toLowerCase();

  const event = NAMED_EVENTS.find((e) => e.name.toLowerCase() === t);
  if (event) {
    const edition = event.editions.find((e) => (year ? e.from.startsWith(String(year)) : e.to >= iso(today)));
    return edition ? { from: edition.from, to: edition.to } : null;
  }
  const fixed = FIXED_DAYS[timeline];
  if (fixed) {
    const y = yearFor(today, fixed.to[0], fixed.to[1], year);
    return span(utc(y, ...fixed.from), utc(y, ...fixed.to));
  }
  if (t === 'easter') {
    const next = Object.values(EASTER).find((day) => (year ? day.startsWith(String(year)) : day >= iso(today)));
    return next ? { from: next, to: next } : null;
  }
  if (t === 'thanksgiving') {
    const y =
      year ?? (thanksgiving(today.getUTCFullYear()) >= today ? today.getUTCFullYear() : today.getUTCFullYear() + 1);
    return span(thanksgiving(y));
  }
  if (t === 'tonight' || t === 'today' || /^within .+ hours$/.test(t)) return span(today);
  if (t.startsWith('tomorrow')) return span(addDays(today, 1));
  if (t === 'this weekend') {
    const saturday = weekdayIndex(today) === 6 ? addDays(today, -1) : upcoming(today, 5);
    return span(saturday < today ? today : saturday, addDays(saturday, 1));
  }
  if (t === 'next weekend') {
    const saturday = addDays(mondayOf(today), 12);
    return span(saturday, addDays(saturday, 1));
  }
  if (t === 'this week') return span(today, addDays(mondayOf(today), 6));
  if (t === 'next week') return span(addDays(mondayOf(today), 7), addDays(mondayOf(today), 13));
  if (t === 'this month') {
    return span(
      today,
      utc(today.getUTCFullYear(), today.getUTCMonth() + 1, lastDayOf(today.getUTCFullYear(), today.getUTCMonth() + 1)),
    );
  }
  if (t === 'next month') {
    const first = utc(today.getUTCFullYear(), today.getUTCMonth() + 2, 1);
    return span(
      first,
      utc(first.getUTCFullYear(), first.getUTCMonth() + 1, lastDayOf(first.getUTCFullYear(), first.getUTCMonth() + 1)),
    );
  }
  let m = /^in (\d+|two|three|four|five|six|a couple of) days$/.exec(t);
  if (m) {
    const n = { two: 2, three: 3, four: 4, five: 5, six: 6, 'a couple of': 2 }[m[1]] ?? Number(m[1]);
    return span(addDays(today, n));
  }
  m = new RegExp(`^(this |next )?(${WEEKDAYS.join('|')})$`).exec(t);
  if (m) {
    const weekday = WEEKDAYS.indexOf(m[2]);
    return span(m[1] === 'next ' ? addDays(mondayOf(today), 7 + weekday) : upcoming(today, weekday));
  }
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) {
    const day = utc(Number(m[1]), Number(m[2]), Number(m[3]));
    return Number.isNaN(day.getTime()) ? null : span(day);
  }
  m = new RegExp(`^(${MONTHS.join('|')}) (\\d{1,2})$`).exec(t);
  if (m) {
    const month = monthIndex(m[1]);
    const date = Number(m[2]);
    const y = yearFor(today, month, date, year);
    return date >= 1 && date <= lastDayOf(y, month) ? span(utc(y, month, date)) : null;
  }
  m = new RegExp(`^(first|second|third|fourth|last) week of (${MONTHS.join('|')})$`).exec(t);
  if (m) {
    const month = monthIndex(m[2]);
    const [first, last] = m[1] === 'last' ? [lastDayOf(today.getUTCFullYear(), month) - 6, 31] : WEEK_OF[m[1]];
    return inMonth(today, month, first, last, year);
  }
  m = new RegExp(`^(early|mid|late|end of|beginning of|start of)[ -](${MONTHS.join('|')})$`).exec(t);
  if (m) return inMonth(today, monthIndex(m[2]), ...PART_OF[m[1]], year);
  m = new RegExp(`^(${MONTHS.join('|')})$`).exec(t);
  if (m) return inMonth(today, monthIndex(m[1]), 1, 31, year);
  return null;
}
