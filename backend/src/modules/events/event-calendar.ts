import { eventEndsAt, eventStartsAt } from './event-schedule';
import type { EventView } from './event-view';

/** Escapes a TEXT value per RFC 5545 (backslash, semicolon, comma, newline). */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets, continuation lines starting with a space (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (size + length > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** An instant in iCalendar's UTC form: 20261205T180000Z. */
function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function eventAddress(
  event: Pick<EventView, 'venueAddress' | 'city' | 'state' | 'zipCode' | 'country'>,
): string {
  const cityLine = [event.city, [event.state, event.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [event.venueAddress, cityLine, event.country].filter(Boolean).join(', ');
}

/**
 * An iCalendar file for the event. Its start and end are instants in UTC, read from the venue's
 * clock in the event's time zone, so a guest's calendar shows the party at the right hour
 * wherever the guest reads it. An end time not after the start means the party runs past midnight.
 */
export function eventCalendar(
  event: EventView,
  options: {
    uid: string;
    url?: string;
    description?: string;
    productId: string;
    /** Bumped with each update of the same UID, so calendars replace the earlier copy. */
    sequence?: number;
    /** The guest no longer attends: calendars remove the event (METHOD:CANCEL). */
    cancelled?: boolean;
  },
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${text(options.productId)}//Launch Party//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${options.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${options.uid}`,
    `DTSTAMP:${stamp(new Date())}`,
    ...(options.sequence ? [`SEQUENCE:${options.sequence}`] : []),
    `DTSTART:${stamp(eventStartsAt(event))}`,
    `DTEND:${stamp(eventEndsAt(event))}`,
    `SUMMARY:${text(event.name)}`,
    `DESCRIPTION:${text(options.description ?? event.description)}`,
    `LOCATION:${text([event.venue, eventAddress(event)].join(', '))}`,
    ...(options.url ? [`URL:${options.url}`] : []),
    ...(/^[^\s@]+@[^\s@]+$/.test(event.organizerContact)
      ? [`ORGANIZER;CN="${event.organizer.replace(/["\r\n]/g, '')}":mailto:${event.organizerContact}`]
      : []),
    `STATUS:${options.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
