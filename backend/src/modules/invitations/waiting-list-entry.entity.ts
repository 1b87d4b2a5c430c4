import { Check, Entity, Enum, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export const WAITING_LIST_STATUSES = [
  'waiting',
  'offered',
  'claimed',
  'expired',
  'declined',
  'left',
  'cancelled',
] as const;
export type WaitingListStatus = (typeof WAITING_LIST_STATUSES)[number];

/** The statuses of a turn still in line: at most one per invitation (a partial unique index). */
export const LIVE_WAITING_STATUSES: readonly WaitingListStatus[] = ['waiting', 'offered'];

/**
 * A guest's turn on a full event's waiting list. `seq` is the order of the line. While
 * 'offered', the guest's RSVP (rsvpId) holds the seats until offerExpiresAt (the seat ledger's
 * pending hold); a delayed job ends the offer then, and the seats pass to the next guest in line.
 */
@Entity({ tableName: 'waiting_list_entries' })
@Index({ name: 'waiting_list_entries_event_idx', properties: ['eventId', 'status', 'seq'] })
@Unique({
  name: 'waiting_list_entries_live_unique',
  expression: `create unique index waiting_list_entries_live_unique on waiting_list_entries (invitation_id)
    where status in ('waiting', 'offered')`,
})
@Check({ name: 'waiting_list_entries_guest_count_check', expression: 'guest_count > 0' })
export class WaitingListEntry {
  [OptionalProps]?: 'seq' | 'guestNames' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Filled by the database's sequence, never written by us (autoincrement keeps it out of inserts). */
  @Property({ type: 'bigint', autoincrement: true, unique: 'waiting_list_entries_seq_key' })
  seq!: string;

  @Property({ type: 'integer' })
  eventId: number;

  @Property({ type: 'integer' })
  invitationId: number;

  @Property({ type: 'integer' })
  guestCount: number;

  @Property({ type: 'json', default: [] })
  guestNames: string[] = [];

  @Property({ type: 'text', nullable: true })
  dietaryRestrictions?: string | null;

  @Property({ type: 'text', nullable: true })
  specialRequests?: string | null;

  @Enum({ items: [...WAITING_LIST_STATUSES] })
  status: WaitingListStatus;

  @Property({ type: 'uuid', nullable: true })
  rsvpId?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  offeredAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  offerExpiresAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  closedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
