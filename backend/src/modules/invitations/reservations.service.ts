import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { EventsService, type EventView } from '../events';
import { Invitation } from './invitation.entity';
import { InvitationsService } from './invitations.service';
import { reservationView, type ReservationView } from './reservation-view';
import { Rsvp } from './rsvp.entity';
import { AT_CAPACITY_MESSAGE, holdSeats, seatsTaken } from './seat-ledger';
import { SeatsFreed } from './seats-freed';

/** A reservation with its event, both read in the caller's transaction. */
export interface LockedReservation {
  reservation: ReservationView;
  event: EventView;
}

/** What the admin payments list and the refund notice show of a reservation. */
export interface ReservationContext {
  rsvp: { id: string; status: string; guestCount: number };
  invitation: { id: number; recipientName: string; recipientEmail: string; invitationCode: string; status: string };
  event: { id: number; name: string; date: string; currency: string };
}

/**
 * The seats and reservations other modules build on (payments): every read and change of an
 * RSVP or invitation they need, so that this module alone touches its tables. Methods that take
 * an EntityManager run in the caller's transaction; those that lock keep the one lock order:
 * event, then RSVP (then the caller's own rows).
 */
@Injectable()
export class ReservationsService {
  private readonly logger = new Logger(ReservationsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly events: EventsService,
    private readonly invitations: InvitationsService,
    private readonly seatsFreed: SeatsFreed,
  ) {}

  /** The reservation as it stands, without a lock; null when there is none. */
  async find(rsvpId: string): Promise<ReservationView | null> {
    const em = this.em.fork();
    const rsvp = await em.findOne(Rsvp, { id: rsvpId });
    return rsvp && reservationView(rsvp, await em.findOne(Invitation, { id: rsvp.invitationId }));
  }

  /** Locks the reservation's event, then the reservation, for a change that may take or give seats. */
  async lockWithEvent(em: EntityManager, rsvpId: string): Promise<LockedReservation | null> {
    const found = await em.findOne(Rsvp, { id: rsvpId });
    if (!found) return null;
    const event = await this.events.lock(em, found.eventId);
    const rsvp = await this.lockRsvp(em, rsvpId);
    if (!event || !rsvp) return null;
    return { event, reservation: reservationView(rsvp, await em.findOne(Invitation, { id: rsvp.invitationId })) };
  }

  /** Locks the reservation only (no event lock), reading its event as it stands. */
  async lock(em: EntityManager, rsvpId: string): Promise<LockedReservation | null> {
    const rsvp = await this.lockRsvp(em, rsvpId);
    const event = rsvp && (await this.events.find(em, rsvp.eventId));
    if (!rsvp || !event) return null;
    return { event, reservation: reservationView(rsvp, await em.findOne(Invitation, { id: rsvp.invitationId })) };
  }

  /** Whether the reservation's guests fit beside everyone else's. Call under the event's lock. */
  async seatsFree(em: EntityManager, reservation: ReservationView, event: EventView): Promise<boolean> {
    return (await seatsTaken(em, event.id, reservation.id)) + reservation.guestCount <= event.capacity;
  }

  /**
   * A guest asks to pay: a pending reservation whose hold lapsed keeps going only while its
   * seats are free, and gets no second hold (see holdSeats). Call under lockWithEvent().
   */
  async holdForPayment(em: EntityManager, rsvpId: string, event: EventView, minutes: number): Promise<void> {
    const rsvp = await em.findOneOrFail(Rsvp, { id: rsvpId });
    const holdLive = rsvp.holdExpiresAt && rsvp.holdExpiresAt.getTime() > Date.now();
    if (rsvp.status !== 'pending' || holdLive) return;
    if ((await seatsTaken(em, event.id, rsvp.id)) + rsvp.guestCount > event.capacity) {
      throw AppError.conflict(AT_CAPACITY_MESSAGE, 'EVENT_AT_CAPACITY');
    }
    holdSeats(rsvp, minutes);
  }

  /** The seats of a reservation whose payment cannot keep them go back on sale. */
  async dropHold(em: EntityManager, rsvpId: string): Promise<void> {
    const rsvp = await em.findOneOrFail(Rsvp, { id: rsvpId });
    rsvp.holdExpiresAt = null;
    await em.flush();
    await this.seatsFreed.publish({ em, eventId: rsvp.eventId });
  }

  /**
   * A payment paid for the reservation: the guest attends, the invitation is accepted, and the
   * confirmation email is queued, all in the caller's transaction (under lockWithEvent()).
   */
  async confirmPaid(em: EntityManager, rsvpId: string): Promise<ReservationView> {
    const rsvp = await em.findOneOrFail(Rsvp, { id: rsvpId });
    const invitation = await em.findOne(Invitation, { id: rsvp.invitationId });
    rsvp.status = 'attending';
    rsvp.holdExpiresAt = null;
    rsvp.holdStartedAt = null;
    rsvp.respondedAt = new Date();
    if (invitation && invitation.status !== 'cancelled') invitation.status = 'accepted';
    await em.flush();
    if (invitation) await this.invitations.confirmRsvp(em, rsvp, invitation.recipientEmail);
    return reservationView(rsvp, invitation);
  }

  /**
   * The difference for more guests was paid: the reservation is for the larger count now, and
   * the guest gets the updated confirmation. Call under lockWithEvent().
   */
  async confirmRaise(em: EntityManager, rsvpId: string): Promise<void> {
    const rsvp = await em.findOneOrFail(Rsvp, { id: rsvpId });
    if (rsvp.status !== 'attending' || !rsvp.raiseTo) return;
    const invitation = await em.findOne(Invitation, { id: rsvp.invitationId });
    rsvp.guestCount = Math.max(rsvp.guestCount, rsvp.raiseTo);
    rsvp.raiseTo = null;
    rsvp.holdExpiresAt = null;
    rsvp.respondedAt = new Date();
    await em.flush();
    if (invitation) await this.invitations.confirmRsvp(em, rsvp, invitation.recipientEmail);
  }

  /** The payment that paid for an attending reservation was refunded: the guest's place is given up. */
  async giveUp(em: EntityManager, rsvpId: string): Promise<void> {
    const rsvp = await em.findOneOrFail(Rsvp, { id: rsvpId });
    if (rsvp.status !== 'attending') return;
    const invitation = await em.findOne(Invitation, { id: rsvp.invitationId });
    rsvp.status = 'not_attending';
    rsvp.holdExpiresAt = null;
    if (invitation && invitation.status !== 'cancelled') invitation.status = 'declined';
    await em.flush();
    await this.seatsFreed.publish({ em, eventId: rsvp.eventId });
  }

  /** The reservations of an event, by id (for what hangs off them elsewhere, e.g. payments). */
  async idsForEvent(em: EntityManager, eventId: number): Promise<string[]> {
    const rows = await em.execute<Array<{ id: string }>>('select id from rsvps where event_id = ?', [eventId]);
    return rows.map((r) => r.id);
  }

  /** The guest, invitation and event of each reservation, for lists and notices. */
  async contexts(rsvpIds: string[]): Promise<Map<string, ReservationContext>> {
    if (rsvpIds.length === 0) return new Map();
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<Record<string, unknown>>>(
        `select r.id, r.status, r.guest_count, r.event_id,
                i.id as invitation_id, i.recipient_name, i.recipient_email, i.invitation_code, i.status as invitation_status
           from rsvps r join invitations i on i.id = r.invitation_id
          where r.id = any(?::uuid[])`,
        [`{${[...new Set(rsvpIds)].join(',')}}`],
      );
    const events = await this.events.summaries(rows.map((r) => Number(r.event_id)));
    const contexts = new Map<string, ReservationContext>();
    for (const r of rows) {
      const event = events.get(Number(r.event_id));
      if (!event) continue;
      contexts.set(String(r.id), {
        rsvp: { id: String(r.id), status: String(r.status), guestCount: Number(r.guest_count) },
        invitation: {
          id: Number(r.invitation_id),
          recipientName: String(r.recipient_name),
          recipientEmail: String(r.recipient_email),
          invitationCode: String(r.invitation_code),
          status: String(r.invitation_status),
        },
        event,
      });
    }
    return contexts;
  }

  /**
   * Drops the seats of guests whose payment window has passed, so others may take them (the
   * waiting list first: SeatsFreed, one transaction per event).
   */
  async releaseExpiredHolds(): Promise<number> {
    const released = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ id: string; event_id: number }>>(
        `update rsvps set hold_expires_at = null, updated_at = now()
          where status = 'pending' and hold_expires_at is not null and hold_expires_at <= now() returning id, event_id`,
      );
    if (released.length) this.logger.log(`Released ${released.length} expired payment hold(s)`);
    for (const eventId of new Set(released.map((r) => Number(r.event_id)))) {
      await this.em.fork().transactional((em) => this.seatsFreed.publish({ em, eventId }));
    }
    return released.length;
  }

  private lockRsvp(em: EntityManager, rsvpId: string): Promise<Rsvp | null> {
    return em.findOne(Rsvp, { id: rsvpId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }
}
