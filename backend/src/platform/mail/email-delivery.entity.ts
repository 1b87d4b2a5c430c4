import { Entity, OptionalProps, Enum, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export type EmailDeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed';

/**
 * One email we promised to send, keyed by what it is about (e.g. `waitlist.welcome:<id>`), so a
 * duplicated or retried job can never send it twice. Its status is what operators read.
 */
@Entity({ tableName: 'email_deliveries' })
export class EmailDelivery {
  [OptionalProps]?: 'status' | 'attempts' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text', unique: true })
  key: string;

  @Property({ type: 'text' })
  kind: string;

  @Property({ type: 'text' })
  recipient: string;

  @Enum({ items: ['queued', 'sending', 'sent', 'failed'] })
  status: EmailDeliveryStatus = 'queued';

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'text', nullable: true })
  messageId?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  claimedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
