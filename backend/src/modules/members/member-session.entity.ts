import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * A signed-in device. The cookie carries a random token; this row keeps its SHA-256 hash. Ending a
 * session deletes its row, so the next request with the cookie finds nothing.
 */
@Entity({ tableName: 'member_sessions' })
@Index({ name: 'member_sessions_member_idx', properties: ['memberId'] })
export class MemberSession {
  [OptionalProps]?: 'createdAt' | 'lastSeenAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  memberId: string;

  @Property({ type: 'text', unique: 'member_sessions_token_hash_key' })
  tokenHash: string;

  /** Read from the User-Agent when the session began, e.g. 'Chrome' and 'macOS'. */
  @Property({ type: 'text' })
  browser: string;

  @Property({ type: 'text' })
  system: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  lastSeenAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt: Date;
}
