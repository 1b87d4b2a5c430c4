import { Check, Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomBytes, randomUUID } from 'node:crypto';

export const RSVP_STATUSES = ['attending', 'not_attending', 'pending'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/**
 * A guest's answer to an invitation, one per invitation (answering again updates it). Its id is a
 * UUID because it appears in the public payment URL. 'pending' with a future holdExpiresAt holds
 * seats while the guest pays (see seat-ledger.ts). One hold per reservation: holdStartedAt records
 * when it began, and answering again never extends it.
 */
@Entity({ tableName: 'rsvps' })
@Index({ name: 'rsvps_event_seats_idx', properties: ['eventId', 'status'] })
@Check({ name: 'rsvps_guest_count_check', expression: 'guest_count >= 0' })
export class Rsvp {
  [OptionalProps]?:
    'passId' | 'guestCount' | 'guestNames' | 'confirmationVersion' | 'respondedAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'integer', unique: 'rsvps_invitation_id_key' })
  invitationId: number;

  /**
   * Names the guest's QR pass (signed, see rsvp-pass.ts): random, never the RSVP's id. The
   * database's default (for rows made before the column) is spelt as PostgreSQL stores it.
   */
  @Property({
    type: 'text',
    unique: 'rsvps_pass_id_unique',
    defaultRaw: "replace((gen_random_uuid())::text, '-'::text, ''::text)",
  })
  passId: string = randomBytes(16).toString('hex');

  @Property({ type: 'integer' })
  eventId: number;

  @Enum({ items: [...RSVP_STATUSES] })
  status: RsvpStatus;

  @Property({ type: 'integer', default: 0 })
  guestCount: number;

  @Property({ type: 'json', default: [] })
  guestNames: string[] = [];

  @Property({ type: 'text', nullable: true })
  dietaryRestrictions?: string | null;

  @Property({ type: 'text', nullable: true })
  specialRequests?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  holdExpiresAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  holdStartedAt?: Date | null;

  /**
   * A paid guest asked for more guests: the count they asked for, awaiting payment of the
   * difference. guestCount stays the paid count until it lands; the extra seats are held while
   * holdExpiresAt is ahead (seat-ledger.ts).
   */
  @Property({ type: 'integer', nullable: true })
  raiseTo?: number | null;

  /** Bumped whenever the confirmed details change; each version gets its own confirmation email. */
  @Property({ type: 'integer', default: 0 })
  confirmationVersion: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  respondedAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
