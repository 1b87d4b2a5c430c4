/** '7:00 PM' from '19:00' (anything else is shown as it is). */
export function formatClock(value: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 || 12}:${match[2]} ${suffix}`;
}

/** '7:00 PM – 11:00 PM': an event's hours as the guest's pages show them. */
export function formatTimeRange(start: string, end: string): string {
  return `${formatClock(start)} – ${formatClock(end)}`;
}

/** 'Saturday, December 12, 2026': an event's day (the venue's calendar day); 'Invalid date' when unreadable. */
export function formatEventDay(date: string | null | undefined): string {
  const parsed = new Date(`${String(date ?? '').slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return 'Invalid date';
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(parsed);
}

/**
 * 'Thursday, December 10, 2026 at 7:00 PM': an instant the server computed from the venue's
 * times, which it reads as UTC; shown in UTC it reads as the venue's clock.
 */
export function formatVenueInstant(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${formatEventDay(at.toISOString().slice(0, 10))} at ${formatClock(at.toISOString().slice(11, 16))}`;
}
