import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A note staff keep about a member: read by staff only, never by the member or the model. */
@Entity({ tableName: 'member_staff_notes' })
@Index({ name: 'member_staff_notes_member_idx', properties: ['memberId', 'createdAt'] })
export class MemberStaffNote {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  memberId: string;

  @Property({ type: 'text' })
  text: string;

  /** The display name of the staff person who wrote it. */
  @Property({ type: 'text' })
  authorName: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
