import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { ParsedEntities } from '../../platform/ai/types';

import {
  CLOSED_REASONS,
  REQUEST_STATUSES,
  type ClosedReason,
  type HistoryActor,
  type RequestOption,
  type RequestStatus,
} from './request-lifecycle';

const HISTORY_ACTORS: HistoryActor[] = ['member', 'staff', 'concierge'];

/**
 * Something a visitor asked the concierge for, in one chat session (and, in the members' chat,
 * one thread). Later messages that add detail extend the same request; the worker fills
 * `parsedEntities` from the whole text. Every change of status is a row of its history.
 */
@Entity({ tableName: 'user_requests' })
@Index({
  name: 'user_requests_session_idx',
  expression: 'create index user_requests_session_idx on user_requests (session_id, created_at desc)',
})
@Index({
  name: 'user_requests_open_idx',
  expression: `create index user_requests_open_idx on user_requests (session_id, updated_at desc)
    where status in ('received', 'in_progress', 'options_proposed')`,
})
@Index({
  name: 'user_requests_status_created_idx',
  expression: 'create index user_requests_status_created_idx on user_requests (status, created_at desc)',
})
export class UserRequest {
  [OptionalProps]?:
    | 'status'
    | 'closedReason'
    | 'mergedIntoId'
    | 'parsedEntities'
    | 'parsedAt'
    | 'createdAt'
    | 'updatedAt'
    | 'threadId'
    | 'options'
    | 'acceptedOptionId'
    | 'firstResponseAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  sessionId: string;

  /** The members' thread it came from (null for the widget and the session chat). */
  @Property({ type: 'uuid', nullable: true })
  threadId?: string | null;

  @Property({ type: 'text' })
  text: string;

  @Enum({ items: [...REQUEST_STATUSES], default: 'received' })
  status: RequestStatus = 'received';

  @Enum({ items: [...CLOSED_REASONS], nullable: true })
  closedReason?: ClosedReason | null;

  /** The later request of the same ask this one was folded into (its closed reason is 'merged'). */
  @Property({ type: 'uuid', nullable: true })
  mergedIntoId?: string | null;

  @Property({ type: 'jsonb', nullable: true })
  parsedEntities?: ParsedEntities | null;

  @Property({ type: 'timestamptz', nullable: true })
  parsedAt?: Date | null;

  @Property({ type: 'jsonb', nullable: true })
  options?: RequestOption[] | null;

  @Property({ type: 'text', nullable: true })
  acceptedOptionId?: string | null;

  /** When staff first acted on it (a status, a reply, options): the response-time clock stops. */
  @Property({ type: 'timestamptz', nullable: true })
  firstResponseAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** One change of a request's status: who (the member, a named staff member, the concierge engine), when, and a note. */
@Entity({ tableName: 'user_request_history' })
@Index({ name: 'user_request_history_request_idx', properties: ['requestId', 'createdAt'] })
export class UserRequestHistory {
  [OptionalProps]?: 'actorName' | 'note' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  requestId: string;

  @Property({ type: 'text' })
  status: RequestStatus;

  @Enum({ items: HISTORY_ACTORS })
  actor: HistoryActor;

  @Property({ type: 'text', nullable: true })
  actorName?: string | null;

  @Property({ type: 'text', nullable: true })
  note?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
