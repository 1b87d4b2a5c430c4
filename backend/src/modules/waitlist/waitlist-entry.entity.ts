import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** How a nomination stands: credited to the member, or set apart by a fraud check (never credited). */
export const NOMINATION_STATUSES = ['credited', 'suspect'] as const;
export type NominationStatus = (typeof NOMINATION_STATUSES)[number];

/**
 * Someone who asked to join. The email is stored trimmed and lower-cased, as typed otherwise (for
 * sending); one entry per mailbox, told by `emailNormalised` (normaliseEmail).
 */
@Entity({ tableName: 'waitlist_entries' })
@Index({
  name: 'waitlist_entries_created_at_idx',
  expression: 'create index waitlist_entries_created_at_idx on waitlist_entries (created_at desc, id desc)',
})
@Index({ name: 'waitlist_entries_email_order_idx', properties: ['email', 'id'] })
@Index({
  name: 'waitlist_entries_net_worth_idx',
  expression: `create index waitlist_entries_net_worth_idx on waitlist_entries
    (net_worth desc nulls last, created_at desc, id desc)`,
})
@Index({
  name: 'waitlist_entries_email_prefix_idx',
  expression: 'create index waitlist_entries_email_prefix_idx on waitlist_entries (lower(email) text_pattern_ops)',
})
// Made only where the pg_trgm extension is available (the email prefix index serves search otherwise).
@Index({
  name: 'waitlist_entries_search_trgm_idx',
  expression: `create index waitlist_entries_search_trgm_idx on waitlist_entries
    using gin ((lower(email || ' ' || coalesce(full_name, '') || ' ' || coalesce(phone_number, ''))) gin_trgm_ops)`,
})
@Index({
  name: 'waitlist_entries_confirmation_token_idx',
  expression: `create unique index waitlist_entries_confirmation_token_idx on waitlist_entries (confirmation_token_hash)
    where confirmation_token_hash is not null`,
})
@Index({
  name: 'waitlist_entries_unconfirmed_idx',
  expression: `create index waitlist_entries_unconfirmed_idx on waitlist_entries (created_at, id)
    where confirmed_at is null`,
})
@Index({
  name: 'waitlist_entries_nominated_by_idx',
  expression: `create index waitlist_entries_nominated_by_idx on waitlist_entries
    (nominated_by_member_id, created_at desc, id desc)`,
})
@Index({
  name: 'waitlist_entries_client_hash_idx',
  expression: `create index waitlist_entries_client_hash_idx on waitlist_entries (client_hash, created_at)
    where client_hash is not null`,
})
export class WaitlistEntry {
  [OptionalProps]?: 'source' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  email: string;

  /** The address in the form duplicates are told by (normaliseEmail); never sent to. */
  @Property({ type: 'text', unique: 'waitlist_entries_email_normalised_key' })
  emailNormalised: string;

  @Property({ type: 'text', nullable: true })
  fullName?: string | null;

  @Property({ type: 'text', nullable: true })
  phoneNumber?: string | null;

  @Property({ type: 'boolean' })
  consent: boolean;

  @Property({ type: 'text', default: 'landing' })
  source: string = 'landing';

  /** Declared net worth in millions of dollars, when known. */
  @Property({ type: 'integer', nullable: true })
  netWorth?: number | null;

  @Property({ type: 'text', nullable: true })
  utmSource?: string | null;

  @Property({ type: 'text', nullable: true })
  utmMedium?: string | null;

  @Property({ type: 'text', nullable: true })
  utmCampaign?: string | null;

  @Property({ type: 'text', nullable: true })
  utmTerm?: string | null;

  @Property({ type: 'text', nullable: true })
  utmContent?: string | null;

  @Property({ type: 'text', nullable: true })
  ref?: string | null;

  /** The time the browser says the form was sent (the spec's `timestamp`). */
  @Property({ type: 'timestamptz', nullable: true })
  submittedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** When the person confirmed through the welcome email's link; null while unconfirmed. */
  @Property({ type: 'timestamptz', nullable: true })
  confirmedAt?: Date | null;

  /** SHA-256 (hex) of the token in the welcome email's link. */
  @Property({ type: 'text', nullable: true })
  confirmationTokenHash?: string | null;

  /** The member whose nomination link brought this sign-up. */
  @Property({ type: 'uuid', nullable: true })
  nominatedByMemberId?: string | null;

  @Enum({ items: [...NOMINATION_STATUSES], nullable: true })
  nominationStatus?: NominationStatus | null;

  /** Why a nomination is suspect (the nominations module's fraud checks). */
  @Property({ type: 'text[]', columnType: 'text[]', nullable: true })
  nominationReasons?: string[] | null;

  /** HMAC-SHA256 of the client's address with SESSION_SECRET (the address itself is not kept). */
  @Property({ type: 'text', nullable: true })
  clientHash?: string | null;
}
