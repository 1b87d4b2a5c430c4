import type { Event } from './event.entity';

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

export function formatEventTime(event: Pick<Event, 'startTime' | 'endTime'>): string {
  return `${event.startTime} - ${event.endTime}`;
}

/** 'Free' when 0, else the currency and the amount with 2 decimals, as the admin cards show it. */
export function formatTicketPrice(event: Pick<Event, 'ticketPrice' | 'currency'>): string {
  const amount = Number(event.ticketPrice);
  return amount > 0 ? `${event.currency} ${amount.toFixed(2)}` : 'Free';
}
