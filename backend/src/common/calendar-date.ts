import { registerDecorator } from 'class-validator';

/**
 * The one rule for every date the API takes: a day that is on the calendar (no 30 February, no
 * 31 April) in the years 1900 to 9999. PostgreSQL has no year 0 and reads five-digit years
 * differently from JavaScript, so a date outside them would reach the database as an error.
 */
const EARLIEST_YEAR = 1900;
const LATEST_YEAR = 9999;

type DateShape = 'date' | 'local-date-time' | 'date-time';

const DAY = String.raw`(\d{4})-(\d{2})-(\d{2})`;
const CLOCK = String.raw`([01]\d|2[0-3]):[0-5]\d`;

const PATTERNS: Record<DateShape, RegExp> = {
  /** A calendar day: 2026-12-10. */
  date: new RegExp(`^${DAY}$`),
  /** A day and a time on the venue's clock, without a zone: 2026-12-10T19:00. */
  'local-date-time': new RegExp(`^${DAY}T${CLOCK}$`),
  /** A moment in ISO 8601's calendar form: a day, then optionally a time with seconds, a fraction and a zone. */
  'date-time': new RegExp(String.raw`^${DAY}(T${CLOCK}(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?)?$`),
};

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** What is wrong with a date: its form or its day ('form'), its year ('year'), or nothing (null). */
function calendarDateProblem(value: unknown, shape: DateShape = 'date'): 'form' | 'year' | null {
  const match = typeof value === 'string' ? PATTERNS[shape].exec(value) : null;
  if (!match) return 'form';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) return 'year';
  return month >= 1 && day >= 1 && day <= daysIn(year, month) ? null : 'form';
}

export function isCalendarDate(value: unknown, shape: DateShape = 'date'): boolean {
  return calendarDateProblem(value, shape) === null;
}

const FORM_MESSAGES: Record<DateShape, (label: string) => string> = {
  date: (label) => `${label} must be a valid date (YYYY-MM-DD)`,
  'local-date-time': (label) => `${label} must be a date and time like 2026-12-10T19:00`,
  'date-time': (label) => `${label} must be a valid date and time (ISO 8601), like 2026-12-10T19:00:00Z`,
};

/**
 * A DTO field holding a date of the given shape (default: a calendar day), checked by the rule
 * above. `label` starts its messages: 'Signed up from must be a valid date (YYYY-MM-DD)',
 * 'Date must be between the years 1900 and 9999'.
 */
export function IsCalendarDate(label: string, shape: DateShape = 'date'): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [shape],
      validator: {
        validate: (value: unknown) => isCalendarDate(value, shape),
        defaultMessage: (args) =>
          calendarDateProblem(args?.value, shape) === 'year'
            ? `${label} must be between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}`
            : FORM_MESSAGES[shape](label),
      },
    });
}
