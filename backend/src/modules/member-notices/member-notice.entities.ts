import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * News staff made in one of a member's threads or requests, and how far the member has read it
 * (MemberNoticesService writes and reads them with SQL). Unread: news after the read mark.
 */
@Entity({ tableName: 'member_reads' })
@Index({
  name: 'member_reads_thread',
  expression: 'create index member_reads_thread on member_reads (member_id, thread_id) where thread_id is not null',
})
export class MemberRead {
  [OptionalProps]?: 'newsAt' | 'readAt' | 'threadId';

  @PrimaryKey({ type: 'uuid' })
  memberId: string;

  @PrimaryKey({ type: 'uuid' })
  subjectId: string;

  @Enum({ items: ['thread', 'request'] })
  subject: 'thread' | 'request';

  /** A request's thread (reading the thread reads the request). */
  @Property({ type: 'uuid', nullable: true })
  threadId?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  newsAt: Date;

  @Property({ type: 'timestamptz', nullable: true })
  readAt?: Date | null;
}

/** The email state of one request: the round planned, since when news waits, when the last email went. */
@Entity({ tableName: 'member_notice_batches' })
export class MemberNoticeBatch {
  [OptionalProps]?: 'round' | 'pendingSince' | 'lastSentAt';

  @PrimaryKey({ type: 'uuid' })
  requestId: string;

  @Property({ type: 'uuid' })
  memberId: string;

  @Property({ type: 'uuid' })
  threadId: string;

  @Property({ type: 'integer', default: 1 })
  round: number;

  @Property({ type: 'timestamptz', nullable: true })
  pendingSince?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  lastSentAt?: Date | null;
}

/** One thing staff did while the member was away, taken by one round of the request's emails. */
@Entity({ tableName: 'member_notice_items' })
@Index({ name: 'member_notice_items_request', properties: ['requestId', 'round'] })
export class MemberNoticeItem {
  [OptionalProps]?: 'round' | 'emailed' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string;

  @Property({ type: 'uuid' })
  requestId: string;

  @Enum({ items: ['reply', 'options', 'status'] })
  kind: 'reply' | 'options' | 'status';

  @Property({ type: 'text' })
  author: string;

  @Property({ type: 'text' })
  text: string;

  @Property({ type: 'integer', nullable: true })
  round?: number | null;

  /** False: the member had read it (or was reading) when its round ran. */
  @Property({ type: 'boolean', default: false })
  emailed: boolean;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date;
}
