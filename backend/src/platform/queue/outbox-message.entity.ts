import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * A side effect waiting to be handed to BullMQ. Written in the same transaction as the change
 * that causes it; the relay enqueues it with `jobId`, or this row's id when it has none.
 */
@Entity({ tableName: 'outbox_messages' })
@Index({
  name: 'outbox_messages_pending_idx',
  expression: 'create index outbox_messages_pending_idx on outbox_messages (created_at) where dispatched_at is null',
})
export class OutboxMessage {
  [OptionalProps]?: 'delayMs' | 'createdAt' | 'dispatchedAt' | 'jobId';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  queue: string;

  /** The job's id when the cause has an id of its own (a Stripe event), so a duplicate is one job. */
  @Property({ type: 'text', nullable: true })
  jobId?: string | null;

  @Property({ type: 'text' })
  jobName: string;

  @Property({ type: 'jsonb' })
  payload: Record<string, unknown>;

  /** Delay before the job may run, in ms (a hold that expires later, a reminder weeks ahead: bigint). */
  @Property({ type: 'integer', columnType: 'bigint', default: 0 })
  delayMs: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  dispatchedAt?: Date | null;
}
