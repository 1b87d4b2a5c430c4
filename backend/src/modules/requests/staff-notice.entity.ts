import { BigIntType, Check, Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One thing to tell staff in a digest (a new request, or a member asking for a person). Written
 * and claimed with SQL in StaffNotices: its minute comes from the database's clock.
 */
@Entity({ tableName: 'staff_notices' })
@Index({
  name: 'staff_notices_pending',
  expression: 'create index staff_notices_pending on staff_notices (minute) where digest_key is null',
})
@Index({
  name: 'staff_notices_digest',
  expression: 'create index staff_notices_digest on staff_notices (digest_key) where digest_key is not null',
})
@Index({ name: 'staff_notices_digest_minute', properties: ['digestMinute'] })
@Check({ name: 'staff_notices_check', expression: "(kind = 'request') = (request_id is not null)" })
export class StaffNoticeRecord {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string;

  @Enum({ items: ['request', 'handoff'] })
  kind: 'request' | 'handoff';

  @Property({ type: 'uuid', nullable: true })
  requestId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  threadId?: string | null;

  /** Its digest window: minutes since the epoch. */
  @Property({ type: new BigIntType('number') })
  minute: number;

  /** The delivery key of the digest that claimed it. */
  @Property({ type: 'text', nullable: true })
  digestKey?: string | null;

  @Property({ type: new BigIntType('number'), nullable: true })
  digestMinute?: number | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date;
}
