import { formatMoney } from '../../../lib/money';

export { formatClock, formatTimeRange } from '../../../lib/event-time';

/** 'Saturday, December 12, 2026' for the venue's calendar day; unreadable dates show 'Invalid date'. */
export function formatLongDate(value: string | null | undefined): string {
  if (!value) return 'Invalid date';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    ...(day ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

export function guestsLabel(count: number): string {
  return `${count} ${count === 1 ? 'Guest' : 'Guests'}`;
}

export function formatTicket(price: number, currency: string): string {
  return price > 0 ? `${formatMoney(price, currency)} per guest` : 'Complimentary';
}
