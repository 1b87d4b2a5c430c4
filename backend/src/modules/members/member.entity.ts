import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export const MEMBER_TIERS = ['nomad', 'voyager', 'patron', 'black'] as const;
export type MemberTier = (typeof MEMBER_TIERS)[number];

export const MEMBER_STATUSES = ['offered', 'active', 'suspended'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * A person of the club. The email address is the identity (one member per address, whatever its
 * case); the record is made when membership is offered and becomes active when the offer is accepted.
 */
@Entity({ tableName: 'members' })
@Unique({
  name: 'members_email_unique',
  expression: 'create unique index members_email_unique on members (lower(email))',
})
@Index({
  name: 'members_created_at_idx',
  expression: 'create index members_created_at_idx on members (created_at desc, id desc)',
})
export class Member {
  [OptionalProps]?: 'status' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  name: string;

  @Property({ type: 'text' })
  email: string;

  @Property({ type: 'text', nullable: true })
  phone?: string | null;

  @Enum({ items: [...MEMBER_TIERS] })
  tier: MemberTier;

  @Enum({ items: [...MEMBER_STATUSES], default: 'offered' })
  status: MemberStatus = 'offered';

  @Property({ type: 'timestamptz', nullable: true })
  joinedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  lastSeenAt?: Date | null;

  /** The waitlist row the member came from. */
  @Property({ type: 'uuid', nullable: true })
  waitlistEntryId?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
