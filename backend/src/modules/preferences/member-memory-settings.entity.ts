import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** Whether a member has paused remembering (no row: remembering is on). */
@Entity({ tableName: 'member_memory_settings' })
export class MemberMemorySettings {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  memberId: string;

  @Property({ type: 'boolean', default: false })
  paused: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
