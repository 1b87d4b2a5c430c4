import { Entity, OptionalProps, Enum, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** 'skipped': the job found nothing to send any more (e.g. the RSVP it confirmed has changed since). */
export type EmailDeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

/**
 * One email we promised to send, keyed by what it is about (e.g. `waitlist.welcome:<id>`), so a
 * duplicated or retried job can never send it twice. Its status is what operators read.
 *
 * A worker sends only under a claim: a token and a lease it renews while it talks to the SMTP
 * server. A claim whose lease ran out belongs to a worker that stopped; another may take it over.
 */
@Entity({ tableName: 'email_deliveries' })
export class EmailDelivery {
  [OptionalProps]?: 'status' | 'attempts' | 'bounced' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text', unique: 'email_deliveries_key_key' })
  key: string;

  @Property({ type: 'text' })
  kind: string;

  @Property({ type: 'text' })
  recipient: string;

  @Enum({ items: ['queued', 'sending', 'sent', 'failed', 'skipped'] })
  status: EmailDeliveryStatus = 'queued';

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'text', nullable: true })
  messageId?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  claimedAt?: Date | null;

  @Property({ type: 'uuid', nullable: true })
  claimToken?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  leaseExpiresAt?: Date | null;

  /** Set when the last try failed: nothing will retry it unless someone sends it again. */
  @Property({ type: 'timestamptz', nullable: true })
  gaveUpAt?: Date | null;

  /** The last try was a hard refusal of the recipient (SMTP 5xx at RCPT TO): failed for good. */
  @Property({ type: 'boolean', default: false })
  bounced: boolean = false;

  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
