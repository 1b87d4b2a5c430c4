import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** Someone who asked to join. The email is stored trimmed and lower-cased, once. */
@Entity({ tableName: 'waitlist_entries' })
export class WaitlistEntry {
  [OptionalProps]?: 'source' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text', unique: true })
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
