import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { ParsedEntities } from '../../platform/ai/types';

export const REQUEST_STATUSES = ['new', 'in_progress', 'fulfilled', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * Something a visitor asked the concierge for, in one chat session. Later messages that add
 * detail extend the same request; the worker fills `parsedEntities` from the whole text.
 */
@Entity({ tableName: 'user_requests' })
export class UserRequest {
  [OptionalProps]?: 'status' | 'parsedEntities' | 'parsedAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  sessionId: string;

  @Property({ type: 'text' })
  text: string;

  @Property({ type: 'text', default: 'new' })
  status: RequestStatus = 'new';

  @Property({ type: 'jsonb', nullable: true })
  parsedEntities?: ParsedEntities | null;

  @Property({ type: 'timestamptz', nullable: true })
  parsedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
