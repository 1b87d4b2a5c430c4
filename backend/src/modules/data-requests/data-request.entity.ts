import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export const DATA_REQUEST_KINDS = ['export', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

export const DATA_REQUEST_STATUSES = ['received', 'verified', 'in-progress', 'completed', 'refused'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

export const DATA_REQUESTERS = ['person', 'member', 'staff'] as const;
export type DataRequester = (typeof DATA_REQUESTERS)[number];

/**
 * A person's request for their data or for its erasure, answered within 30 days (`due_at`). After an
 * erasure only the subject key, the kind, the dates and the counts remain. Written with SQL by
 * DataRequestsService; the entity mirrors the table.
 */
@Entity({ tableName: 'data_requests' })
@Index({
  name: 'data_requests_queue_idx',
  expression: 'create index data_requests_queue_idx on data_requests (status, due_at)',
})
@Index({
  name: 'data_requests_subject_idx',
  expression: 'create index data_requests_subject_idx on data_requests (subject_key, received_at desc)',
})
@Index({
  name: 'data_requests_download_idx',
  expression:
    'create unique index data_requests_download_idx on data_requests (download_token_hash) where download_token_hash is not null',
})
@Index({
  name: 'data_requests_expiry_idx',
  expression:
    'create index data_requests_expiry_idx on data_requests (download_expires_at) where export_file is not null',
})
export class DataRequest {
  [OptionalProps]?: 'receivedAt' | 'counts' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Enum({ items: [...DATA_REQUEST_KINDS] })
  kind: DataRequestKind;

  @Enum({ items: [...DATA_REQUEST_STATUSES] })
  status: DataRequestStatus;

  @Property({ type: 'text', nullable: true })
  subjectEmail?: string | null;

  @Property({ type: 'text' })
  subjectKey: string;

  @Property({ type: 'uuid', nullable: true })
  memberId?: string | null;

  @Enum({ items: [...DATA_REQUESTERS] })
  requestedBy: DataRequester;

  @Property({ type: 'uuid', nullable: true })
  staffActorId?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  receivedAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  dueAt: Date;

  @Property({ type: 'timestamptz', nullable: true })
  completedAt?: Date | null;

  @Property({ type: 'blob', columnType: 'bytea', nullable: true, lazy: true })
  exportFile?: Buffer | null;

  @Property({ type: 'text', nullable: true })
  exportFileName?: string | null;

  @Property({ type: 'text', nullable: true })
  downloadTokenHash?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  downloadExpiresAt?: Date | null;

  @Property({ type: 'jsonb', defaultRaw: `'{}'` })
  counts: Record<string, number> = {};

  @Property({ type: 'text', nullable: true })
  notes?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
