import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** Someone who asked to join. The email is stored trimmed and lower-cased, once. */
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
export class WaitlistEntry {
  [OptionalProps]?: 'source' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text', unique: 'waitlist_entries_email_key' })
  email: string;

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
}
