import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { PREFERENCE_KINDS, PREFERENCE_SOURCES, type PreferenceKind, type PreferenceSource } from './preference-kinds';

/**
 * One thing the club remembers about a member ('Terraces', 'Wife: shellfish allergy'), with where
 * it came from: the chat message, the staff person who wrote it, or the member.
 */
@Entity({ tableName: 'member_preferences' })
@Index({ name: 'member_preferences_member_idx', properties: ['memberId', 'createdAt'] })
export class MemberPreference {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'sensitive';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  memberId: string;

  @Enum({ items: [...PREFERENCE_KINDS] })
  kind: PreferenceKind;

  @Property({ type: 'text' })
  value: string;

  /** Allergies and health: kept only with the member's yes, never shown without care. */
  @Property({ type: 'boolean', default: false })
  sensitive: boolean = false;

  @Enum({ items: [...PREFERENCE_SOURCES] })
  source: PreferenceSource;

  /** The member's chat message it came from (source 'chat'). */
  @Property({ type: 'uuid', nullable: true })
  sourceMessageId?: string | null;

  /** The display name of the staff person who wrote it (source 'staff'). */
  @Property({ type: 'text', nullable: true })
  sourceStaffName?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
