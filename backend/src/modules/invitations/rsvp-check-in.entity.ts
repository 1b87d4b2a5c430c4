import { Check, Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A party's arrival at the door, one row per RSVP: its primary key makes two devices scanning one
 * pass at once record one check-in (CheckInService inserts it with SQL, `on conflict do nothing`).
 */
@Entity({ tableName: 'rsvp_check_ins' })
@Index({ name: 'rsvp_check_ins_event_idx', properties: ['eventId'] })
@Check({ name: 'rsvp_check_ins_arrived_check', expression: 'arrived > 0' })
export class RsvpCheckIn {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  rsvpId: string;

  @Property({ type: 'integer' })
  eventId: number;

  /** How many of the party have arrived. */
  @Property({ type: 'integer' })
  arrived: number;

  @Property({ type: 'timestamptz' })
  checkedInAt: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date;
}
