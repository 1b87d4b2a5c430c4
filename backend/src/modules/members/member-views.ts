import type { MemberStatus, MemberTier } from './member.entity';

export type OfferState = 'pending' | 'used' | 'expired' | 'revoked';

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What a signed-in member sees of themself. */
export interface MemberSelf {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  tier: MemberTier;
  status: MemberStatus;
  joinedAt: string | null;
  passkeys: PasskeyView[];
}

/** A row of the Members tab. */
export interface MemberRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  tier: MemberTier;
  status: MemberStatus;
  joinedAt: string | null;
  lastSeenAt: string | null;
  offer: { state: OfferState; sentAt: string; expiresAt: string } | null;
}

export const iso = (value: Date | string | null | undefined): string | null =>
  value ? new Date(value).toISOString() : null;

/** An offer's state, in SQL over `membership_offers` aliased `alias`. */
export const offerStateSql = (alias: string) => `case
  when ${alias}.used_at is not null then 'used'
  when ${alias}.revoked_at is not null then 'revoked'
  when ${alias}.expires_at <= now() then 'expired'
  else 'pending' end`;

/** A member's columns and their latest offer's, as `memberRowSql` selects them. */
export interface MemberRowColumns {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  tier: MemberTier;
  status: MemberStatus;
  joined_at: Date | null;
  last_seen_at: Date | null;
  offer_state: OfferState | null;
  offer_sent_at: Date | null;
  offer_expires_at: Date | null;
}

/** Members (`m`) with their latest offer; the caller adds `where`, order and paging. */
export const MEMBER_ROW_SQL = `select m.id, m.name, m.email, m.phone, m.tier, m.status, m.joined_at, m.last_seen_at,
       o.state as offer_state, o.created_at as offer_sent_at, o.expires_at as offer_expires_at
  from members m
  left join lateral (
    select ${offerStateSql('mo')} as state, mo.created_at, mo.expires_at from membership_offers mo
     where mo.member_id = m.id order by mo.created_at desc, mo.id desc limit 1
  ) o on true`;

export function memberRow(row: MemberRowColumns): MemberRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    tier: row.tier,
    status: row.status,
    joinedAt: iso(row.joined_at),
    lastSeenAt: iso(row.last_seen_at),
    offer:
      row.offer_state && row.offer_sent_at && row.offer_expires_at
        ? { state: row.offer_state, sentAt: iso(row.offer_sent_at)!, expiresAt: iso(row.offer_expires_at)! }
        : null,
  };
}
