import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { ReplyStep } from '../../../platform/ai/types';
import type { MessageAttachment } from './threads.service';

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

  /** The member asked for a person and staff have not handed the thread back: the AI stays quiet. */
  @Property({ type: 'timestamptz', nullable: true })
  handoffAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}

export const MESSAGE_STATUSES = ['complete', 'streaming', 'stopped', 'error'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** 'concierge': a named human concierge of the staff (authorName), not the AI. */
const MESSAGE_ROLES = ['user', 'assistant', 'concierge'] as const;

/**
 * One message of a thread, in the order of `seq` (a bigserial the database fills on insert). An
 * assistant reply is written as `streaming` when it starts and gets its text when it ends:
 * `complete`, `stopped` (the member pressed Stop; the partial text is kept) or `error`. A member
 * may rate an assistant reply.
 */
@Entity({ tableName: 'concierge_messages' })
@Index({ name: 'concierge_messages_thread_id_seq_index', properties: ['threadId', 'seq'] })
export class ConciergeMessage {
  [OptionalProps]?: 'seq' | 'status' | 'createdAt' | 'ratingHelpful' | 'ratingComment' | 'ratedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  threadId: string;

  /** Filled by the database's sequence, never written by us (autoincrement keeps it out of inserts). */
  @Property({ type: 'bigint', autoincrement: true })
  seq!: string;

  @Enum({ items: [...MESSAGE_ROLES] })
  role: (typeof MESSAGE_ROLES)[number];

  @Property({ type: 'text' })
  content: string;

  @Enum({ items: [...MESSAGE_STATUSES], default: 'complete' })
  status: MessageStatus = 'complete';

  /** The staff member who wrote a 'concierge' message. */
  @Property({ type: 'text', nullable: true })
  authorName?: string | null;

  /** What a staff message carries (a request's options the member can accept). */
  @Property({ type: 'jsonb', nullable: true })
  attachment?: MessageAttachment | null;

  /** What the concierge looked up or did while writing an assistant reply, in order. */
  @Property({ type: 'jsonb', nullable: true })
  steps?: ReplyStep[] | null;

  @Property({ type: 'boolean', nullable: true })
  ratingHelpful?: boolean | null;

  @Property({ type: 'text', nullable: true })
  ratingComment?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  ratedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
