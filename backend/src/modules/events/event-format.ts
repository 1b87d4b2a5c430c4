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

export function formatEventTime(event: Pick<EventView, 'startTime' | 'endTime'>): string {
  return `${event.startTime} - ${event.endTime}`;
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

/** 'Thursday, December 10, 2026 at 19:00': an instant the server computed from the venue's times (read as UTC). */
export function formatDeadline(at: Date): string {
  return `${formatEventDate(at.toISOString().slice(0, 10))} at ${at.toISOString().slice(11, 16)}`;
}
