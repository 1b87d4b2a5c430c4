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

/** The day and time a clock in `timeZone` reads at `at` ('2026-12-10', '19:00'); null for a zone this browser does not know. */
function clockIn(at: Date, timeZone: string): { day: string; time: string } | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(at);
  } catch {
    return null;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/**
 * 'Thursday, December 10, 2026 at 7:00 PM': an instant (the RSVP deadline) on the clock of the
 * venue's time zone, wherever the guest reads it (on UTC's for a zone the browser does not know).
 */
export function formatVenueInstant(iso: string, timeZone = 'UTC'): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const clock = clockIn(at, timeZone) ?? clockIn(at, 'UTC');
  return clock ? `${formatEventDay(clock.day)} at ${formatClock(clock.time)}` : iso;
}
