import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A member's conversation, held for the concierge session that started it. */
@Entity({ tableName: 'concierge_threads' })
@Index({ properties: ['sessionId', 'updatedAt'] })
export class ConciergeThread {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  sessionId: string;

  @Property({ type: 'text' })
  title: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}

export const MESSAGE_STATUSES = ['complete', 'streaming', 'stopped', 'error'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * One message of a thread; the table's `seq` column (a bigserial the database fills) orders them. An assistant reply is written as `streaming` when it
 * starts and gets its text when it ends: `complete`, `stopped` (the member pressed Stop; the
 * partial text is kept) or `error`. A member may rate an assistant reply.
 */
@Entity({ tableName: 'concierge_messages' })
export class ConciergeMessage {
  [OptionalProps]?: 'status' | 'createdAt' | 'ratingHelpful' | 'ratingComment' | 'ratedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  threadId: string;

  @Property({ type: 'text' })
  role: 'user' | 'assistant';

  @Property({ type: 'text' })
  content: string;

  @Property({ type: 'text', default: 'complete' })
  status: MessageStatus = 'complete';

  @Property({ type: 'boolean', nullable: true })
  ratingHelpful?: boolean | null;

  @Property({ type: 'text', nullable: true })
  ratingComment?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  ratedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
