import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { normaliseEmail } from '../../common/email-address';
import { pgTextArray } from '../../common/pg-array';
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

  /**
   * Whether an address belongs to a member (offered, active or suspended), compared normalised
   * (normaliseEmail): `jane.doe+club@gmail.com` is `janedoe@gmail.com`'s. Only the members at the
   * address's own provider are read.
   */
  async isMemberAddress(email: string): Promise<boolean> {
    const wanted = normaliseEmail(email);
    const domain = wanted.slice(wanted.lastIndexOf('@') + 1);
    const domains = domain === 'gmail.com' ? ['gmail.com', 'googlemail.com'] : [domain];
    const rows = await this.em
      .getConnection()
      .execute<Array<{ email: string }>>(
        `select email from members where rtrim(split_part(lower(trim(email)), '@', 2), '.') = any(?::text[])`,
        [pgTextArray(domains)],
      );
    return rows.some((row) => normaliseEmail(row.email) === wanted);
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
