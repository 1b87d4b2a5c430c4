import { formatDateTime } from '@maison/shared';
import { eventEndsAt, eventStartsAt, type EventView } from '../events';

/** The door opens this many hours before the start: guests early for drinks, the team setting up. */
export const CHECK_IN_OPENS_HOURS_BEFORE = 6;

type Timed = Pick<EventView, 'date' | 'startTime' | 'endTime' | 'timeZone'>;

/**
 * When the door takes check-ins: from CHECK_IN_OPENS_HOURS_BEFORE the start to the end of the
 * event, on the venue's clock in the event's time zone (event-schedule.ts). A check-in on another
 * day would lock a guest's answer (and their refund) for an evening they have not come to yet.
 */
export function checkInWindow(event: Timed): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(eventStartsAt(event).getTime() - CHECK_IN_OPENS_HOURS_BEFORE * 3_600_000),
    closesAt: eventEndsAt(event),
  };
}

/** Why the door refuses an arrival at `at`, or null while it is open. */
export function checkInRefusal(event: Timed & Pick<EventView, 'name'>, at: Date): string | null {
  const { opensAt, closesAt } = checkInWindow(event);
  if (at < opensAt) {
    return `Check-in for ${event.name} opens on ${formatDateTime(opensAt, { style: 'long', timeZone: event.timeZone })}, ${CHECK_IN_OPENS_HOURS_BEFORE} hours before it starts.`;
  }
  if (at > closesAt)
    return `Check-in for ${event.name} closed when the event ended, on ${formatDateTime(closesAt, { style: 'long', timeZone: event.timeZone })}.`;
  return null;
}
