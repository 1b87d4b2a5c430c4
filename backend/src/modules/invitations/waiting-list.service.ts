import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { pageOf, type PageQueryDto } from '../../common/page-query.dto';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { OutboxService } from '../../platform/queue/outbox.service';
import { EventLifecycle, EventsService, type EventView } from '../events';
import type { GuestPartyDto } from './dto/guest-party.dto';
import { partyOf } from './guest-party';
import { Invitation } from './invitation.entity';
import { reservationView, type ReservationView } from './reservation-view';
import { RsvpChanges } from './rsvp-changes';
import { Rsvp } from './rsvp.entity';
import { seatsTaken } from './seat-ledger';
import { SeatsFreed } from './seats-freed';
import { LIVE_WAITING_STATUSES, WaitingListEntry, type WaitingListStatus } from './waiting-list-entry.entity';

export const waitingListOfferKey = (entryId: string) => `waiting-list.offer:${entryId}`;

/** A guest's turn as the guest sees it. */
export interface WaitingListTurnView {
  status: WaitingListStatus;
  /** Place in line (1 = next) while waiting; null otherwise. */
  position: number | null;
  guestCount: number;
  guestNames: string[];
  joinedAt: Date;
  offeredAt: Date | null;
  offerExpiresAt: Date | null;
}

/** A turn as the admin's Responses tab lists it. */
export interface WaitingListAdminRow extends WaitingListTurnView {
  id: string;
  invitation: { id: number; recipientName: string; recipientEmail: string; maxGuests: number };
}

interface TurnRow {
  id: string;
  status: WaitingListStatus;
  position: number | null;
  guest_count: number;
  guest_names: string[] | null;
  created_at: Date | string;
  offered_at: Date | string | null;
  offer_expires_at: Date | string | null;
  invitation_id: number;
  recipient_name: string;
  recipient_email: string;
  max_guests: number;
}

/**
 * What a turn reads as: an offer whose RSVP is attending (paid within the window) was claimed,
 * and each waiting turn's place counts the waiting turns before it.
 */
const TURN_SELECT = `
  select w.id, w.guest_count, w.guest_names, w.created_at, w.offered_at, w.offer_expires_at, w.invitation_id,
         case when w.status = 'offered' and r.status = 'attending' then 'claimed' else w.status end as status,
         case when w.status = 'waiting'
              then (select count(*)::int + 1 from waiting_list_entries b
                     where b.event_id = w.event_id and b.status = 'waiting' and b.seq < w.seq)
         end as position,
         i.recipient_name, i.recipient_email, i.max_guests
    from waiting_list_entries w
    join invitations i on i.id = w.invitation_id
    left join rsvps r on r.id = w.rsvp_id`;

function turnView(row: TurnRow): WaitingListTurnView {
  return {
    status: row.status,
    position: row.position === null ? null : Number(row.position),
    guestCount: row.guest_count,
    guestNames: row.guest_names ?? [],
    joinedAt: new Date(row.created_at),
    offeredAt: row.offered_at ? new Date(row.offered_at) : null,
    offerExpiresAt: row.offer_expires_at ? new Date(row.offer_expires_at) : null,
  };
}

const ALREADY_SEATED = 'You already have a place at this event';
const SEATS_AVAILABLE = 'Seats are available for your party: please RSVP instead';

/**
 * The waiting list of a full event. A guest turned away at capacity joins the line with their
 * party. Whenever seats may have come free (a decline or a lower count: RsvpChanges; a refund
 * or a lapsed payment hold: SeatsFreed; a larger room: EventLifecycle) the line is served under
 * the event's lock: the first guest whose party fits gets an offer by email, their RSVP holding the seats (status pending,
 * the seat ledger's hold) for the event's offer window. A delayed job ends an unclaimed offer
 * when the window closes and serves the line again; no polling. The guest claims the seats by
 * answering their invitation as usual (a paid event goes on to the payment page).
 */
@Injectable()
export class WaitingListService implements OnModuleInit {
  /** Transactions serving a line right now: an RSVP change published while serving is ours. */
  private readonly serving = new WeakSet<EntityManager>();

  constructor(
    private readonly em: EntityManager,
    private readonly events: EventsService,
    private readonly changes: RsvpChanges,
    private readonly seatsFreed: SeatsFreed,
    private readonly lifecycle: EventLifecycle,
    private readonly outbox: OutboxService,
    private readonly emails: EmailDeliveryService,
  ) {}

  onModuleInit(): void {
    this.changes.subscribe((change) => this.answerChanged(change.em, change.rsvp, change.event));
    this.seatsFreed.subscribe(({ em, eventId }) => this.serve(em, eventId));
    // A larger room frees seats too: the line is served in the change's transaction.
    this.lifecycle.onSaved(async ({ em, event, previous }) => {
      if (previous && event.capacity > previous.capacity) await this.serve(em, event.id);
    });
    this.lifecycle.onCancelled(async ({ em, event }) => {
      await em.nativeUpdate(
        WaitingListEntry,
        { eventId: event.id, status: { $in: [...LIVE_WAITING_STATUSES] } },
        { status: 'cancelled', closedAt: new Date() },
      );
    });
  }

  /** The guest's latest turn on the event's waiting list, or null when they never joined. */
  async turn(code: string): Promise<WaitingListTurnView | null> {
    const invitation = await this.invitationByCode(code);
    const [row] = await this.em
      .fork()
      .getConnection()
      .execute<TurnRow[]>(`${TURN_SELECT} where w.invitation_id = ? order by w.seq desc limit 1`, [invitation.id]);
    return row ? turnView(row) : null;
  }

  /**
   * A guest turned away at capacity joins the line, once: joining again while in line answers
   * the same turn. Refused when the guest already holds seats, or when their party fits now.
   */
  async join(code: string, input: GuestPartyDto): Promise<WaitingListTurnView> {
    const found = await this.invitationByCode(code);
    await this.em.fork().transactional(async (em) => {
      const event = await this.events.lock(em, found.eventId);
      const invitation = await em.findOne(Invitation, { id: found.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!event || !invitation) throw AppError.notFound('Invitation not found');
      if (invitation.status === 'cancelled') throw AppError.conflict('This invitation has been cancelled');
      if (event.status === 'cancelled') throw AppError.conflict('This event has been cancelled');
      if (event.status === 'completed') throw AppError.conflict('This event has already taken place');
      const live = await em.findOne(WaitingListEntry, {
        invitationId: invitation.id,
        status: { $in: [...LIVE_WAITING_STATUSES] },
      });
      if (live) return;

      const { guestCount, guestNames } = partyOf(input, invitation.maxGuests);
      const rsvp = await em.findOne(
        Rsvp,
        { invitationId: invitation.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      );
      if (rsvp && holdsSeats(rsvp)) throw AppError.conflict(ALREADY_SEATED);
      if ((await seatsTaken(em, event.id, rsvp?.id)) + guestCount <= event.capacity) {
        throw AppError.conflict(SEATS_AVAILABLE);
      }
      em.create(WaitingListEntry, {
        eventId: event.id,
        invitationId: invitation.id,
        guestCount,
        guestNames,
        dietaryRestrictions: input.dietaryRestrictions ?? null,
        specialRequests: input.specialRequests ?? null,
        status: 'waiting',
      });
      await em.flush();
    });
    return (await this.turn(code))!;
  }

  /** The guest leaves the line; an offer they hold is given up and passes to the next guest. */
  async leave(code: string): Promise<WaitingListTurnView | null> {
    const found = await this.invitationByCode(code);
    await this.em.fork().transactional(async (em) => {
      const event = await this.events.lock(em, found.eventId);
      const entry = await em.findOne(WaitingListEntry, {
        invitationId: found.id,
        status: { $in: [...LIVE_WAITING_STATUSES] },
      });
      if (!event || !entry) return;
      await this.close(em, entry, event, 'left');
      await this.serve(em, event.id);
    });
    return this.turn(code);
  }

  /**
   * The delayed job at the end of an offer's window: an offer still unclaimed expires, its seats
   * go back, and the line is served again. The job is the clock: run early (promoted), it ends
   * the offer all the same. Run twice, or after the claim, it changes nothing.
   */
  async expireOffer(entryId: string): Promise<'expired' | 'unchanged'> {
    const found = await this.em.fork().findOne(WaitingListEntry, { id: entryId });
    if (!found || found.status !== 'offered') return 'unchanged';
    return this.em.fork().transactional(async (em) => {
      const event = await this.events.lock(em, found.eventId);
      const entry = await em.findOne(WaitingListEntry, { id: entryId }, { refresh: true });
      if (!event || !entry || entry.status !== 'offered') return 'unchanged';
      const status = await this.close(em, entry, event, 'expired');
      await this.serve(em, event.id);
      return status === 'expired' ? 'expired' : 'unchanged';
    });
  }

  /** The event's waiting list for the admin, in the order of the line (past turns included). */
  async listForEvent(eventId: number, query: PageQueryDto): Promise<{ data: WaitingListAdminRow[]; total: number }> {
    const { limit, offset } = pageOf(query);
    const conn = this.em.fork().getConnection();
    const rows = await conn.execute<TurnRow[]>(
      `${TURN_SELECT} where w.event_id = ?
        order by case when w.status in ('waiting', 'offered') then 0 else 1 end, w.seq
        limit ? offset ?`,
      [eventId, limit, offset],
    );
    const [{ total }] = await conn.execute<Array<{ total: number }>>(
      'select count(*)::int as total from waiting_list_entries where event_id = ?',
      [eventId],
    );
    return {
      data: rows.map((row) => ({
        id: row.id,
        ...turnView(row),
        invitation: {
          id: row.invitation_id,
          recipientName: row.recipient_name,
          recipientEmail: row.recipient_email,
          maxGuests: row.max_guests,
        },
      })),
      total: Number(total),
    };
  }

  /** What the offer email needs: the turn, its invitation and event, as they stand. */
  async offerContext(entryId: string) {
    const em = this.em.fork();
    const entry = await em.findOne(WaitingListEntry, { id: entryId });
    const invitation = entry && (await em.findOne(Invitation, { id: entry.invitationId }));
    const event = entry && (await this.events.find(em, entry.eventId));
    const rsvp = entry?.rsvpId ? await em.findOne(Rsvp, { id: entry.rsvpId }) : null;
    if (!entry || !invitation || !event) return null;
    return { entry, invitation, event, rsvp };
  }

  /** A guest's answer changed (RsvpChanges): their turn follows it, then the line is served. */
  private async answerChanged(em: EntityManager, rsvp: ReservationView, event: EventView): Promise<void> {
    if (this.serving.has(em)) return;
    const entry = await em.findOne(WaitingListEntry, {
      invitationId: rsvp.invitationId,
      status: { $in: [...LIVE_WAITING_STATUSES] },
    });
    if (entry) {
      const seated = rsvp.status === 'attending' || (rsvp.status === 'pending' && holdLive(rsvp.holdExpiresAt));
      if (seated) {
        // Attending, or paying within the offer's hold: an offer stays open until paid or ended.
        if (rsvp.status === 'attending' || entry.status === 'waiting') closeEntry(entry, 'claimed');
      } else {
        closeEntry(entry, entry.status === 'offered' ? 'declined' : 'left');
      }
      await em.flush();
    }
    await this.serve(em, event.id);
  }

  /**
   * Serves the event's line, in the caller's transaction: offers that ran out end, then each
   * waiting guest in order whose party fits the free seats gets an offer, while seats remain.
   * Takes the event's lock (the one lock order: event, then invitation, then RSVP).
   */
  private async serve(em: EntityManager, eventId: number): Promise<void> {
    if (this.serving.has(em)) return;
    const live = await em.count(WaitingListEntry, { eventId, status: { $in: [...LIVE_WAITING_STATUSES] } });
    if (live === 0) return;
    this.serving.add(em);
    try {
      const event = await this.events.lock(em, eventId);
      if (!event || event.status === 'cancelled' || event.status === 'completed') return;
      const lapsed = await em.find(
        WaitingListEntry,
        { eventId, status: 'offered', offerExpiresAt: { $lte: new Date() } },
        { orderBy: { seq: 'asc' } },
      );
      for (const entry of lapsed) await this.close(em, entry, event, 'expired');

      let free = event.capacity - (await seatsTaken(em, eventId));
      if (free <= 0) return;
      const waiting = await em.find(WaitingListEntry, { eventId, status: 'waiting' }, { orderBy: { seq: 'asc' } });
      for (const entry of waiting) {
        if (free <= 0) break;
        const invitation = await em.findOne(Invitation, { id: entry.invitationId });
        if (!invitation || invitation.status === 'cancelled') {
          closeEntry(entry, 'cancelled');
          continue;
        }
        const rsvp = await em.findOne(
          Rsvp,
          { invitationId: invitation.id },
          { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
        );
        if (rsvp && holdsSeats(rsvp)) {
          // Seated meanwhile by another way (counted among the seats taken already).
          closeEntry(entry, 'claimed');
          continue;
        }
        if (entry.guestCount > free) continue;
        await this.offer(em, entry, invitation, event, rsvp);
        free -= entry.guestCount;
      }
      await em.flush();
    } finally {
      this.serving.delete(em);
    }
  }

  /** Holds the seats for the guest (their RSVP, pending until the window closes) and tells them. */
  private async offer(
    em: EntityManager,
    entry: WaitingListEntry,
    invitation: Invitation,
    event: EventView,
    existing: Rsvp | null,
  ): Promise<void> {
    const now = new Date();
    const expires = new Date(now.getTime() + event.offerWindowHours * 3_600_000);
    const rsvp =
      existing ?? em.create(Rsvp, { invitationId: invitation.id, eventId: event.id, status: 'pending', guestCount: 0 });
    em.assign(rsvp, {
      status: 'pending',
      guestCount: entry.guestCount,
      guestNames: entry.guestNames,
      dietaryRestrictions: entry.dietaryRestrictions ?? null,
      specialRequests: entry.specialRequests ?? null,
      holdStartedAt: now,
      holdExpiresAt: expires,
    });
    em.assign(entry, { status: 'offered', offeredAt: now, offerExpiresAt: expires, rsvpId: rsvp.id });
    await em.flush();
    await this.changes.publish({ em, rsvp: reservationView(rsvp, invitation), event, cause: 'waiting-list' });
    await this.emails.queue(
      em,
      { key: waitingListOfferKey(entry.id), kind: 'waiting-list.offer', recipient: invitation.recipientEmail },
      'waiting-list.offer',
      { entryId: entry.id },
    );
    await this.outbox.add(
      em,
      'waiting-list.offer-expiry',
      { entryId: entry.id },
      { delayMs: expires.getTime() - now.getTime() },
    );
  }

  /**
   * Ends a live turn. An offer whose RSVP is attending was claimed; otherwise its held seats go
   * back (the RSVP no longer attends) and payments hear of it through RsvpChanges.
   */
  private async close(
    em: EntityManager,
    entry: WaitingListEntry,
    event: EventView,
    status: 'expired' | 'left',
  ): Promise<WaitingListStatus> {
    const rsvp =
      entry.status === 'offered' && entry.rsvpId
        ? await em.findOne(Rsvp, { id: entry.rsvpId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })
        : null;
    if (rsvp?.status === 'attending') {
      closeEntry(entry, 'claimed');
      await em.flush();
      return 'claimed';
    }
    closeEntry(entry, status);
    if (rsvp?.status === 'pending') {
      em.assign(rsvp, { status: 'not_attending', guestCount: 0, guestNames: [], holdExpiresAt: null });
      await em.flush();
      const invitation = await em.findOne(Invitation, { id: rsvp.invitationId });
      const wasServing = this.serving.has(em);
      this.serving.add(em);
      try {
        await this.changes.publish({ em, rsvp: reservationView(rsvp, invitation), event, cause: 'waiting-list' });
      } finally {
        if (!wasServing) this.serving.delete(em);
      }
    }
    await em.flush();
    return status;
  }

  private async invitationByCode(code: string): Promise<Invitation> {
    const invitation = await this.em.fork().findOne(Invitation, { invitationCode: code });
    if (!invitation) throw AppError.notFound('Invitation not found');
    return invitation;
  }
}

function holdLive(expiresAt: Date | null | undefined): boolean {
  return !!expiresAt && expiresAt.getTime() > Date.now();
}

/** The RSVP holds seats now: attending, or pending within a live hold. */
function holdsSeats(rsvp: Rsvp): boolean {
  return rsvp.status === 'attending' || (rsvp.status === 'pending' && holdLive(rsvp.holdExpiresAt));
}

function closeEntry(entry: WaitingListEntry, status: WaitingListStatus): void {
  entry.status = status;
  entry.closedAt = new Date();
}
