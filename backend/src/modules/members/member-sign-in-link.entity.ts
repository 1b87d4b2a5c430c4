import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * One sign-in email: its link's token (kept as a SHA-256 hash) and its 6-digit code (kept as a
 * hash too), good for 15 minutes, once; a code guessed wrong too often dies (`attempts`).
 */
@Entity({ tableName: 'member_sign_in_links' })
@Index({
  name: 'member_sign_in_links_member_idx',
  expression: 'create index member_sign_in_links_member_idx on member_sign_in_links (member_id, created_at desc)',
})
export class MemberSignInLink {
  [OptionalProps]?: 'createdAt' | 'attempts';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  memberId: string;

  @Property({ type: 'text', unique: 'member_sign_in_links_token_hash_key' })
  tokenHash: string;

  @Property({ type: 'text' })
  codeHash: string;

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;
}
