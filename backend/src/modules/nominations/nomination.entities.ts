import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A member's personal nomination link: `/?ref=<code>`. A revoked link credits no one. */
@Entity({ tableName: 'nomination_links' })
@Index({ name: 'nomination_links_member_idx', properties: ['memberId', 'createdAt'] })
export class NominationLink {
  [OptionalProps]?: 'createdAt' | 'revokedAt';

  /** 128 random bits, base64url: the link's secret, unguessable. */
  @PrimaryKey({ type: 'text' })
  code: string;

  @Property({ type: 'uuid' })
  memberId: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;
}

/** A person a member nominated by email: one email per address (normalised) per member. */
@Entity({ tableName: 'nominations_sent' })
@Unique({ name: 'nominations_sent_member_email_unique', properties: ['memberId', 'emailNormalised'] })
@Index({ name: 'nominations_sent_member_idx', properties: ['memberId', 'sentAt'] })
export class NominationSent {
  [OptionalProps]?: 'sentAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  memberId: string;

  /** As the member typed it: where the email goes. */
  @Property({ type: 'text' })
  email: string;

  /** What a sign-up's address is compared by (normaliseEmail). */
  @Property({ type: 'text' })
  emailNormalised: string;

  @Property({ type: 'text' })
  name: string;

  /** The member's link the email carried. */
  @Property({ type: 'text' })
  linkCode: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  sentAt: Date = new Date();
}
