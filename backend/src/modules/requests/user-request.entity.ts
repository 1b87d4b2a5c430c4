import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { ParsedEntities } from '../../platform/ai/types';

export const REQUEST_STATUSES = ['new', 'in_progress', 'fulfilled', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** A request is open (the concierge is on it) while new or in progress. */
export const OPEN_STATUSES: RequestStatus[] = ['new', 'in_progress'];
/** Who closed it: the member in the chat, the concierge team, or a newer request of the session. */
export type ClosedReason = 'member' | 'staff' | 'superseded';

/**
 * Something a visitor asked the concierge for, in one chat session. Later messages that add
 * detail extend the same request; the worker fills `parsedEntities` from the whole text.
 * A session has at most one open request: new (just asked), in_progress (more detail given),
 * then fulfilled or cancelled, with the reason it closed.
 */
@Entity({ tableName: 'user_requests' })
export class UserRequest {
  [OptionalProps]?: 'status' | 'closedReason' | 'parsedEntities' | 'parsedAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  sessionId: string;

  @Property({ type: 'text' })
  text: string;

  @Property({ type: 'text', default: 'new' })
  status: RequestStatus = 'new';

  @Property({ type: 'text', nullable: true })
  closedReason?: ClosedReason | null;

  @Property({ type: 'jsonb', nullable: true })
  parsedEntities?: ParsedEntities | null;

  @Property({ type: 'timestamptz', nullable: true })
  parsedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
