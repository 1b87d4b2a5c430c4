import { formatDate, formatDateTime, formatMoney } from '@maison/shared';
import type { EventView } from './event-view';

// An event's hours, amounts and days read in the emails as on the site: the shared formats.
export { currencyDigits, formatEventTime, formatMoney } from '@maison/shared';

/** 'Saturday, December 12, 2026' for the venue's calendar day ('YYYY-MM-DD'). */
export function formatEventDate(date: string): string {
  return formatDate(date, 'long');
}

/** 'Free' when 0, else the currency and the amount, as the admin cards show it. */
export function formatTicketPrice(event: Pick<EventView, 'ticketPrice' | 'currency'>): string {
  const amount = Number(event.ticketPrice);
  return amount > 0 ? formatMoney(amount, event.currency) : 'Free';
}

/**
 * 'Thursday, December 10, 2026 at 19:00 CET': a deadline on the venue's clock, its zone named
 * for a guest who reads it elsewhere.
 */
export function formatDeadline(at: Date, timeZone: string): string {
  return formatDateTime(at, { style: 'long', timeZone, nameZone: true });
}
