import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { MemberTier } from './member.entity';

/** What other modules may know of members. */
@Injectable()
export class MembersService {
  constructor(private readonly em: EntityManager) {}

  /** Names and tiers for the staff desk. */
  async describe(memberIds: string[]): Promise<Map<string, { name: string; tier: MemberTier }>> {
    const ids = [...new Set(memberIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.em.getConnection().execute<Array<{ id: string; name: string; tier: MemberTier }>>(
      `select id, name, tier from members where id = any(?::uuid[])`,
      // A PostgreSQL array literal: a JS array would be spread into a list of bindings.
      [`{${ids.join(',')}}`],
    );
    return new Map(rows.map((row) => [row.id, { name: row.name, tier: row.tier }]));
  }

  /** Where to write to an active member (their name and email), or null: unknown, not yet joined, or suspended. */
  async contact(memberId: string): Promise<{ name: string; email: string } | null> {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ name: string; email: string }>>(
        `select name, email from members where id = ? and status = 'active'`,
        [memberId],
      );
    return row ?? null;
  }
}
