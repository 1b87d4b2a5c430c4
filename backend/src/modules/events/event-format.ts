import { eventStartsAt, venueClock } from './event-schedule';
import type { EventView } from './event-view';

/** 'Saturday, December 12, 2026' for a 'YYYY-MM-DD' day (no time zone shift: it is the venue's day). */
export function formatEventDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(parsed);
}

/**
 * A zone's short name at the instant `at` ('CET', 'CEST', 'EST', 'GMT+9'): English names them for
 * America in en-US and for Europe in en-GB, so the one that gives a name, else the offset.
 */
function timeZoneAbbreviation(at: Date, timeZone: string): string {
  const name = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const american = name('en-US');
  return /^GMT[+-]/.test(american) ? name('en-GB') : american;
}

/** '19:00 - 23:00 CET': the venue's hours, with its zone's name at the start. */
export function formatEventTime(event: Pick<EventView, 'date' | 'startTime' | 'endTime' | 'timeZone'>): string {
  return `${event.startTime} - ${event.endTime} ${timeZoneAbbreviation(eventStartsAt(event), event.timeZone)}`;
}

/** Currencies without minor units (Stripe's "zero-decimal" list, as far as we sell in them). */
const ZERO_DECIMAL = new Set(['JPY']);

/** Digits after the decimal point in `currency`: 2, or 0 for yen. */
export function currencyDigits(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

/**
 * How every amount reads, in emails, receipts and messages as on the site: the currency code,
 * then the amount with the currency's decimals ('EUR 1,250.00', 'JPY 24,000').
 */
export function formatMoney(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  const number = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${currency.toUpperCase()} ${number.format(amount)}`;
}

/** 'Free' when 0, else the currency and the amount, as the admin cards show it. */
export function formatTicketPrice(event: Pick<EventView, 'ticketPrice' | 'currency'>): string {
  const amount = Number(event.ticketPrice);
  return amount > 0 ? formatMoney(amount, event.currency) : 'Free';
}

/** 'Thursday, December 10, 2026 at 19:00': an instant as the clock of the venue's zone reads it. */
export function formatDeadline(at: Date, timeZone: string): string {
  const { date, time } = venueClock(at, timeZone);
  return `${formatEventDate(date)} at ${time}`;
}
