import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/app-error';
import type { Rsvp } from './rsvp.entity';

/**
 * The one capacity rule, shared by RSVPs and payments. Seats taken by an event are the guests of
 * its RSVPs that attend, plus those of RSVPs waiting for payment whose hold has not expired, plus
 * the extra guests a paid guest asked for while their hold for the difference lasts.
 * Every change that can take seats runs in one transaction that first locks the event (EventsService.lock), so such
 * changes on one event happen one at a time and never oversell.
 */
export const AT_CAPACITY_MESSAGE = 'This event is at capacity';

/** Guests holding seats at the event now, leaving out one RSVP (the one being changed). */
export async function seatsTaken(em: EntityManager, eventId: number, excludeRsvpId?: string): Promise<number> {
  const [row] = await em.execute<Array<{ taken: number }>>(
    `select coalesce(sum(case
              when status = 'attending' and raise_to is not null and hold_expires_at > now()
                then greatest(guest_count, raise_to)
              else guest_count end), 0)::int as taken from rsvps
      where event_id = ?
        and (status = 'attending' or (status = 'pending' and hold_expires_at > now()))
        and (?::uuid is null or id <> ?::uuid)`,
    [eventId, excludeRsvpId ?? null, excludeRsvpId ?? null],
  );
  return Number(row.taken);
}

/** Throws the readable 409 when `guests` more would not fit. Call after locking the event. */
export async function assertSeatsAvailable(
  em: EntityManager,
  event: { id: number; capacity: number },
  guests: number,
  excludeRsvpId?: string,
): Promise<void> {
  const taken = await seatsTaken(em, event.id, excludeRsvpId);
  if (taken + guests > event.capacity) throw AppError.conflict(AT_CAPACITY_MESSAGE, 'EVENT_AT_CAPACITY');
}

/**
 * One hold per reservation, `minutes` long from the first time the guest asks to pay. A live
 * hold is kept as it is (answering again or reopening the payment page never extends it) and a
 * second hold is never started: no guest keeps seats from others by answering over and over.
 * After the hold the guest may still pay while seats are free; the payment re-checks capacity
 * under the event's lock when it lands. Call after locking the event, before changing rsvp.status.
 */
export function holdSeats(rsvp: Rsvp, minutes: number, now = new Date()): void {
  const live = rsvp.status === 'pending' && !!rsvp.holdExpiresAt && rsvp.holdExpiresAt > now;
  if (live) return;
  if (rsvp.holdStartedAt) {
    rsvp.holdExpiresAt = null;
    return;
  }
  rsvp.holdStartedAt = now;
  rsvp.holdExpiresAt = new Date(now.getTime() + minutes * 60_000);
}
