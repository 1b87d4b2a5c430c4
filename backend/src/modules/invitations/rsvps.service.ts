import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { pageOf, type PageQueryDto } from '../../common/page-query.dto';
import { eventAddress, EventsService, type EventView, formatEventTime, rsvpDeadlineOf } from '../events';
import { CheckInService } from './check-in.service';
import { RsvpDto } from './dto/rsvp.dto';
import { partyOf } from './guest-party';
import { Invitation } from './invitation.entity';
import { InvitationsService } from './invitations.service';
import { RsvpChanges } from './rsvp-changes';
import { RsvpPasses } from './rsvp-pass';
import { Rsvp } from './rsvp.entity';
import { reservationView } from './reservation-view';
import { assertSeatsAvailable, holdSeats } from './seat-ledger';

export interface RsvpView {
  id: string;
  status: Rsvp['status'];
  guestCount: number;
  guestNames: string[];
  dietaryRestrictions: string | null;
  specialRequests: string | null;
  respondedAt: Date;
  holdExpiresAt: Date | null;
  /** More guests asked for than paid: the count awaiting payment of the difference. */
  raiseTo: number | null;
}

export function rsvpView(rsvp: Rsvp): RsvpView {
  return {
    id: rsvp.id,
    status: rsvp.status,
    guestCount: rsvp.guestCount,
    guestNames: rsvp.guestNames ?? [],
    dietaryRestrictions: rsvp.dietaryRestrictions ?? null,
    specialRequests: rsvp.specialRequests ?? null,
    respondedAt: rsvp.respondedAt,
    holdExpiresAt: rsvp.holdExpiresAt ?? null,
    raiseTo: rsvp.raiseTo ?? null,
  };
}

/** What a guest may see of an event: no capacity, no organizer contact, no internal ids beyond its own. */
export function publicEventView(event: EventView) {
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    eventType: event.eventType,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime,
    timeZone: event.timeZone,
    time: formatEventTime(event),
    location: event.venue,
    address: eventAddress(event),
    city: event.city,
    state: event.state,
    country: event.country,
    ticketPrice: Number(event.ticketPrice),
    currency: event.currency,
    dresscode: event.dresscode ?? null,
    imageUrl: event.imageUrl ?? null,
    organizer: event.organizer,
    status: event.status,
  };
}

export interface RsvpAdminRow extends RsvpView {
  createdAt: Date;
  invitation: {
    id: number;
    recipientName: string;
    recipientEmail: string;
    recipientPhone: string | null;
    maxGuests: number;
    status: Invitation['status'];
    invitationCode: string;
  };
  event: { id: number; name: string; date: string; ticketPrice: number; currency: EventView['currency'] };
}

/** One row of the admin RSVP list query, as PostgreSQL answers it. */
interface RsvpListRow {
  id: string;
  invitation_id: number;
  event_id: number;
  status: Rsvp['status'];
  guest_count: number;
  guest_names: string[] | null;
  dietary_restrictions: string | null;
  special_requests: string | null;
  responded_at: Date;
  hold_expires_at: Date | null;
  raise_to: number | null;
  created_at: Date;
  recipient_name: string;
  recipient_email: string;
  recipient_phone: string | null;
  max_guests: number;
  invitation_status: Invitation['status'];
  invitation_code: string;
}

/** What the guest's emails state about their answer: any change of it gets a new email. */
function answerDetails(rsvp: Rsvp): string {
  return JSON.stringify([
    rsvp.status,
    rsvp.guestCount,
    rsvp.raiseTo ?? null,
    rsvp.guestNames ?? [],
    rsvp.dietaryRestrictions ?? null,
    rsvp.specialRequests ?? null,
  ]);
}

function deadlinePassed(event: EventView): string {
  return `The RSVP deadline has passed. To change your answer, please contact ${event.organizer} at ${event.organizerContact}.`;
}

/**
 * Once any of the party has come in, fewer guests or a decline would refund seats that were used:
 * the host changes the answer now (an administrator's refund stays open to them).
 */
function checkedInRefusal(event: EventView): string {
  return `Your party has been checked in at the door, so your answer can no longer be changed here. To change it, please contact ${event.organizer} at ${event.organizerContact}.`;
}

@Injectable()
export class RsvpsService {
  constructor(
    private readonly em: EntityManager,
    private readonly invitations: InvitationsService,
    private readonly changes: RsvpChanges,
    private readonly events: EventsService,
    private readonly passes: RsvpPasses,
    private readonly door: CheckInService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async view(code: string) {
    const em = this.em.fork();
    const invitation = await em.findOne(Invitation, { invitationCode: code });
    const event = invitation && (await this.events.find(em, invitation.eventId));
    if (!invitation || !event) throw AppError.notFound('Invitation not found');
    const rsvp = await em.findOne(Rsvp, { invitationId: invitation.id });
    const deadline = rsvpDeadlineOf(event);
    const checkedIn = rsvp ? await this.door.checkedIn(em, rsvp.id) : false;
    const answered = rsvp?.status === 'attending' || rsvp?.status === 'not_attending';
    const pastDeadline = Date.now() > deadline.getTime();
    return {
      event: publicEventView(event),
      invitation: {
        recipientName: invitation.recipientName,
        maxGuests: invitation.maxGuests,
        status: invitation.status,
        specialNotes: invitation.specialNotes ?? null,
      },
      rsvp: rsvp ? rsvpView(rsvp) : null,
      // The QR pass shown at the door: an attending guest's only.
      pass: rsvp?.status === 'attending' ? await this.passes.code(rsvp.passId) : null,
      changes: {
        deadline,
        open: !checkedIn && !pastDeadline,
        checkedIn,
        // What a change of the answer is refused with now, as respond() words it.
        refusal: checkedIn ? checkedInRefusal(event) : answered && pastDeadline ? deadlinePassed(event) : null,
        host: { name: event.organizer, contact: event.organizerContact },
      },
    };
  }

  /**
   * Records the guest's answer, or a change of it until the event's RSVP deadline. Everything
   * happens under the event's row lock (then the invitation's and the RSVP's), so concurrent
   * answers take seats one at a time and the capacity is never exceeded; a lower count or a
   * decline gives seats back at once. On a paid event an attending guest's seats are held
   * (pending) until the payment succeeds or the hold expires; a paid guest asking for more
   * guests keeps the paid ones and holds the extra seats while paying the difference (raiseTo);
   * fewer guests or a decline are refunded the difference by the payments module, which learns
   * of every change (RsvpChanges) in the same transaction. Every change is emailed. Once any of
   * the party is checked in, the answer is closed to the guest (CheckInService.checkIn waits for
   * the RSVP's lock, so the two never cross).
   */
  async respond(code: string, input: RsvpDto): Promise<{ rsvp: RsvpView; next: 'payment' | 'thank-you' }> {
    const found = await this.em.fork().findOne(Invitation, { invitationCode: code });
    if (!found) throw AppError.notFound('Invitation not found');
    return this.em.fork().transactional(async (em) => {
      const event = await this.events.lock(em, found.eventId);
      const invitation = await em.findOne(Invitation, { id: found.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!event || !invitation) throw AppError.notFound('Invitation not found');
      if (invitation.status === 'cancelled') throw AppError.conflict('This invitation has been cancelled');
      if (event.status === 'cancelled') throw AppError.conflict('This event has been cancelled');
      if (event.status === 'completed') throw AppError.conflict('This event has already taken place');

      const existing = await em.findOne(
        Rsvp,
        { invitationId: invitation.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      );
      if (existing && (await this.door.checkedIn(em, existing.id)))
        throw AppError.conflict(checkedInRefusal(event), 'ALREADY_CHECKED_IN');
      // The deadline closes changes of an answer; a first answer (or one still awaiting payment) is taken.
      const answered = existing?.status === 'attending' || existing?.status === 'not_attending';
      if (answered && Date.now() > rsvpDeadlineOf(event).getTime())
        throw AppError.conflict(deadlinePassed(event), 'RSVP_DEADLINE_PASSED');
      const paidEvent = Number(event.ticketPrice) > 0;
      const paidSeats = paidEvent && existing?.status === 'attending';
      const before = existing && existing.status !== 'pending' ? answerDetails(existing) : null;
      const rsvp =
        existing ??
        em.create(Rsvp, { invitationId: invitation.id, eventId: event.id, status: 'pending', guestCount: 0 });

      if (input.status === 'attending') {
        const { guestCount, guestNames } = partyOf(input, invitation.maxGuests);
        if (paidSeats && guestCount > existing.guestCount) {
          // More guests than paid for: the paid ones stay, the extra seats are held while the
          // guest pays the difference.
          await assertSeatsAvailable(em, event, guestCount, existing.id);
          const holdLive = !!rsvp.holdExpiresAt && rsvp.holdExpiresAt.getTime() > Date.now();
          if (rsvp.raiseTo !== guestCount || !holdLive) {
            rsvp.holdExpiresAt = new Date(Date.now() + this.config.PAYMENT_HOLD_MINUTES * 60_000);
          }
          em.assign(rsvp, { raiseTo: guestCount, guestNames });
        } else if (paidSeats) {
          // The same or fewer guests: the seats given up are free at once, and refunded.
          em.assign(rsvp, { guestCount, guestNames, raiseTo: null, holdExpiresAt: null });
        } else {
          await assertSeatsAvailable(em, event, guestCount, existing?.id);
          const awaitsPayment = paidEvent;
          if (awaitsPayment) holdSeats(rsvp, this.config.PAYMENT_HOLD_MINUTES);
          else em.assign(rsvp, { holdExpiresAt: null });
          em.assign(rsvp, { status: awaitsPayment ? 'pending' : 'attending', guestCount, guestNames, raiseTo: null });
          if (!awaitsPayment) invitation.status = 'accepted';
          // Changing one's mind after declining: the invitation is open again until the payment lands.
          else if (invitation.status === 'declined') invitation.status = 'sent';
        }
      } else {
        // Declining frees the seats at once; a paid guest is refunded (payments, RsvpChanges).
        em.assign(rsvp, { status: 'not_attending', guestCount: 0, guestNames: [], holdExpiresAt: null, raiseTo: null });
        invitation.status = 'declined';
      }
      em.assign(rsvp, {
        dietaryRestrictions: input.dietaryRestrictions ?? null,
        specialRequests: input.specialRequests ?? null,
        respondedAt: new Date(),
      });
      await em.flush();
      // A new attending answer is confirmed and a change of one (a decline too) emailed; one
      // awaiting payment is confirmed when the payment lands.
      const awaitsPayment = rsvp.status === 'pending' || (rsvp.status === 'attending' && !!rsvp.raiseTo);
      const after = answerDetails(rsvp);
      const tell = rsvp.status === 'attending' ? after !== before : before !== null && after !== before;
      if (tell && !awaitsPayment) await this.invitations.confirmRsvp(em, rsvp, invitation.recipientEmail);
      await this.changes.publish({ em, rsvp: reservationView(rsvp, invitation), event });
      await em.flush();
      return { rsvp: rsvpView(rsvp), next: awaitsPayment ? 'payment' : 'thank-you' };
    });
  }

  async list(query: PageQueryDto & { eventId?: number }): Promise<{ data: RsvpAdminRow[]; total: number }> {
    const { limit, offset } = pageOf(query);
    const conn = this.em.getConnection();
    const eventId = query.eventId ?? null;
    const rows = await conn.execute<RsvpListRow[]>(
      `select r.*, i.recipient_name, i.recipient_email, i.recipient_phone, i.max_guests, i.status as invitation_status,
              i.invitation_code
         from rsvps r
         join invitations i on i.id = r.invitation_id
        where (?::int is null or r.event_id = ?)
        order by r.responded_at desc, r.id
        limit ? offset ?`,
      [eventId, eventId, limit, offset],
    );
    const [{ total }] = await conn.execute<Array<{ total: number }>>(
      `select count(*)::int as total from rsvps where (?::int is null or event_id = ?)`,
      [eventId, eventId],
    );
    // An RSVP's event always exists (its foreign key): the page's events come from their owner, in one query.
    const events = await this.events.priced(rows.map((r) => r.event_id));
    const data = rows.map((r) => ({
      id: r.id,
      status: r.status,
      guestCount: r.guest_count,
      guestNames: r.guest_names ?? [],
      dietaryRestrictions: r.dietary_restrictions ?? null,
      specialRequests: r.special_requests ?? null,
      respondedAt: r.responded_at,
      holdExpiresAt: r.hold_expires_at ?? null,
      raiseTo: r.raise_to ?? null,
      createdAt: r.created_at,
      invitation: {
        id: r.invitation_id,
        recipientName: r.recipient_name,
        recipientEmail: r.recipient_email,
        recipientPhone: r.recipient_phone ?? null,
        maxGuests: r.max_guests,
        status: r.invitation_status,
        invitationCode: r.invitation_code,
      },
      event: {
        id: r.event_id,
        name: events.get(r.event_id)?.name as string,
        date: events.get(r.event_id)?.date as string,
        ticketPrice: Number(events.get(r.event_id)?.ticketPrice),
        currency: events.get(r.event_id)?.currency as EventView['currency'],
      },
    }));
    return { data, total: Number(total) };
  }
}
