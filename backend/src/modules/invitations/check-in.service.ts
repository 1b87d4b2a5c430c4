import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { AuditService } from '../audit';
import { EventsService } from '../events';
import { checkInRefusal } from './check-in-window';
import { RsvpPasses } from './rsvp-pass';

/** A party at the door, as the check-in screen shows it. */
export interface DoorParty {
  rsvpId: string;
  name: string;
  partySize: number;
  guestNames: string[];
  dietaryRestrictions: string | null;
  specialRequests: string | null;
  checkIn: { arrived: number; checkedInAt: string } | null;
}

export interface DoorCounts {
  expectedGuests: number;
  arrivedGuests: number;
  expectedParties: number;
  arrivedParties: number;
}

export interface CheckInOutcome {
  /** 'checked-in': this request recorded the arrival; 'already': one was recorded before, unchanged. */
  outcome: 'checked-in' | 'already';
  party: DoorParty;
}

interface PartyRow {
  id: string;
  event_id: number;
  status: string;
  guest_count: number;
  guest_names: string[] | null;
  dietary_restrictions: string | null;
  special_requests: string | null;
  recipient_name: string;
  arrived: number | null;
  checked_in_at: Date | null;
}

const PARTY_SQL = `
  select r.id, r.event_id, r.status, r.guest_count, r.guest_names, r.dietary_restrictions, r.special_requests,
         i.recipient_name, c.arrived, c.checked_in_at
    from rsvps r
    join invitations i on i.id = r.invitation_id
    left join rsvp_check_ins c on c.rsvp_id = r.id`;

export const INVALID_PASS = 'This pass is not valid';
const NOT_FOUND = 'Guest not found';

function party(row: PartyRow): DoorParty {
  return {
    rsvpId: row.id,
    name: row.recipient_name,
    partySize: row.guest_count,
    guestNames: row.guest_names ?? [],
    dietaryRestrictions: row.dietary_restrictions,
    specialRequests: row.special_requests,
    checkIn:
      row.arrived && row.checked_in_at
        ? { arrived: row.arrived, checkedInAt: new Date(row.checked_in_at).toISOString() }
        : null,
  };
}

/** How far back a check-in recorded offline may be dated (a device that was offline all evening). */
const OFFLINE_WINDOW_MS = 48 * 3600_000;

/**
 * The door: attending parties found by their pass or their name, and their arrival recorded once,
 * on the event's day only (check-in-window.ts). One row per RSVP in rsvp_check_ins (its primary
 * key): of two devices scanning one pass at the same moment, one inserts it and the other is told
 * it was already checked in, with the time. A checked-in party's answer is closed to the guest
 * (RsvpsService.respond).
 */
@Injectable()
export class CheckInService {
  constructor(
    private readonly em: EntityManager,
    private readonly passes: RsvpPasses,
    private readonly events: EventsService,
    private readonly audit: AuditService,
  ) {}

  private get connection() {
    return this.em.fork().getConnection();
  }

  /**
   * The attending party a pass or an RSVP id names, at this event; readable refusals otherwise.
   * `lock` reads the RSVP with a share lock in the caller's transaction.
   */
  private async find(
    eventId: number,
    by: { token?: string; rsvpId?: string },
    lock?: EntityManager,
  ): Promise<PartyRow> {
    const read = (where: string, value: string) =>
      lock
        ? lock.execute<PartyRow[]>(`${PARTY_SQL} where ${where} for share of r`, [value])
        : this.connection.execute<PartyRow[]>(`${PARTY_SQL} where ${where}`, [value]);
    let row: PartyRow | undefined;
    if (by.token !== undefined) {
      const passId = this.passes.verify(by.token);
      if (!passId) throw AppError.badRequest(INVALID_PASS);
      [row] = await read('r.pass_id = ?', passId);
      if (!row) throw AppError.badRequest(INVALID_PASS);
    } else if (by.rsvpId) {
      [row] = await read('r.id = ?::uuid', by.rsvpId);
      if (!row) throw AppError.notFound(NOT_FOUND);
    } else {
      throw AppError.badRequest('Scan a pass or choose a guest');
    }
    if (row.event_id !== eventId) throw AppError.conflict('This pass is for another event');
    if (row.status !== 'attending') throw AppError.conflict('This guest is not attending');
    return row;
  }

  async lookup(eventId: number, by: { token?: string; rsvpId?: string }): Promise<DoorParty> {
    return party(await this.find(eventId, by));
  }

  /**
   * Records the party's arrival: `guests` of them (the whole party by default), on the event's
   * day. A pass checked in before changes nothing and answers 'already' with the time, any day.
   * `scannedAt` is when a device that was offline scanned it: the day is checked at that time.
   * The RSVP is share-locked meanwhile, so a guest's change (which locks it for update) either
   * lands first, and the door sees the new answer, or waits and finds the party checked in.
   */
  async checkIn(
    eventId: number,
    input: { token?: string; rsvpId?: string; guests?: number; scannedAt?: string },
  ): Promise<CheckInOutcome> {
    return this.em.fork().transactional(async (em) => {
      const row = await this.find(eventId, input, em);
      const at = this.arrivalTime(input.scannedAt);
      const event = await this.events.find(em, eventId);
      if (!event) throw AppError.notFound('Event not found');
      // A party checked in before is told so, whenever it is scanned again.
      const closed = row.checked_in_at ? null : checkInRefusal(event, at);
      if (closed) throw AppError.conflict(closed, 'CHECK_IN_CLOSED');
      const guests = input.guests ?? row.guest_count;
      if (guests < 1 || guests > row.guest_count) {
        throw AppError.badRequest(`Guests arriving must be between 1 and ${row.guest_count}`);
      }
      const inserted = await em.execute<Array<{ rsvp_id: string }>>(
        `insert into rsvp_check_ins (rsvp_id, event_id, arrived, checked_in_at) values (?::uuid, ?, ?, ?)
         on conflict (rsvp_id) do nothing returning rsvp_id`,
        [row.id, eventId, guests, at],
      );
      if (inserted.length) {
        await this.audit.record(em, {
          action: 'rsvp.check-in',
          target: { type: 'rsvp', id: row.id },
          changes: { arrived: [null, guests] },
        });
      }
      const [current] = await em.execute<PartyRow[]>(`${PARTY_SQL} where r.id = ?::uuid`, [row.id]);
      return { outcome: inserted.length ? 'checked-in' : 'already', party: party(current) };
    });
  }

  /** Whether any of the RSVP's party has been checked in, read in the caller's transaction. */
  async checkedIn(em: EntityManager, rsvpId: string): Promise<boolean> {
    const rows = await em.execute<Array<{ rsvp_id: string }>>(
      'select rsvp_id from rsvp_check_ins where rsvp_id = ?::uuid',
      [rsvpId],
    );
    return rows.length > 0;
  }

  /** Sets how many of a checked-in party have arrived (the rest of a party that came in parts). */
  async setArrived(eventId: number, rsvpId: string, arrived: number): Promise<DoorParty> {
    const row = await this.find(eventId, { rsvpId });
    if (arrived < 1 || arrived > row.guest_count) {
      throw AppError.badRequest(`Guests arriving must be between 1 and ${row.guest_count}`);
    }
    const updated = await this.em.fork().transactional(async (tx) => {
      const [before] = await tx.execute<Array<{ arrived: number }>>(
        'select arrived from rsvp_check_ins where rsvp_id = ?::uuid for update',
        [rsvpId],
      );
      if (!before) return [];
      await tx.execute(
        'update rsvp_check_ins set arrived = ?, updated_at = now() where rsvp_id = ?::uuid',
        [arrived, rsvpId],
        'run',
      );
      await this.audit.record(tx, {
        action: 'rsvp.arrived',
        target: { type: 'rsvp', id: rsvpId },
        changes: { arrived: [before.arrived, arrived] },
      });
      return [before];
    });
    if (updated.length === 0) throw AppError.conflict('This party has not been checked in yet', 'NOT_CHECKED_IN');
    return this.lookup(eventId, { rsvpId });
  }

  private arrivalTime(scannedAt: string | undefined): Date {
    const now = Date.now();
    if (!scannedAt) return new Date(now);
    const at = new Date(scannedAt).getTime();
    if (!Number.isFinite(at) || at > now + 60_000 || at < now - OFFLINE_WINDOW_MS) {
      throw AppError.badRequest('Scanned at must be a time within the last two days');
    }
    return new Date(Math.min(at, now));
  }

  /** Attending parties whose host or guest names contain the text (the search at the door). */
  async search(eventId: number, text: string): Promise<DoorParty[]> {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.connection.execute<PartyRow[]>(
      `${PARTY_SQL}
        where r.event_id = ? and r.status = 'attending'
          and (i.recipient_name ilike ? or r.guest_names::text ilike ?)
        order by i.recipient_name asc, r.id limit 25`,
      [eventId, like, like],
    );
    return rows.map(party);
  }

  /** Arrived against expected, for every device at the door. */
  async counts(eventId: number): Promise<DoorCounts> {
    const [row] = await this.connection.execute<
      Array<{ expected_guests: number; arrived_guests: number; expected_parties: number; arrived_parties: number }>
    >(
      `select coalesce(sum(r.guest_count), 0)::int as expected_guests,
              coalesce(sum(c.arrived), 0)::int as arrived_guests,
              count(*)::int as expected_parties,
              count(c.rsvp_id)::int as arrived_parties
         from rsvps r left join rsvp_check_ins c on c.rsvp_id = r.id
        where r.event_id = ? and r.status = 'attending'`,
      [eventId],
    );
    return {
      expectedGuests: row.expected_guests,
      arrivedGuests: row.arrived_guests,
      expectedParties: row.expected_parties,
      arrivedParties: row.arrived_parties,
    };
  }
}
