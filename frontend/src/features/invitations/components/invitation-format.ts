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

/** '7:00 PM' from '19:00'. */
export function formatClock(value: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 || 12}:${match[2]} ${suffix}`;
}

export function formatTimeRange(start: string, end: string): string {
  return `${formatClock(start)} – ${formatClock(end)}`;
}

export function guestsLabel(count: number): string {
  return `${count} ${count === 1 ? 'Guest' : 'Guests'}`;
}

export function formatTicket(price: number, currency: string): string {
  return price > 0 ? `${currency} ${price.toFixed(2)} per guest` : 'Complimentary';
}
