import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * One emailed set-up link. The link's token is never stored: only its SHA-256 hash. Single-use
 * (`used_at`), revocable (`revoked_at`), and good until `expires_at`.
 */
@Entity({ tableName: 'membership_offers' })
@Index({
  name: 'membership_offers_member_idx',
  expression: 'create index membership_offers_member_idx on membership_offers (member_id, created_at desc)',
})
export class MembershipOffer {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  memberId: string;

  @Property({ type: 'text', unique: 'membership_offers_token_hash_key' })
  tokenHash: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;
}
