/**
 * Members' part of the insights funnel (offered through index.ts): when each waitlist entry was
 * first offered membership (a member row is made with the offer). Columns: entry_id, offered_at.
 */
export const MEMBERSHIP_OFFERED_SQL = `select waitlist_entry_id as entry_id, min(created_at) as offered_at
  from members
 where waitlist_entry_id is not null
 group by waitlist_entry_id`;
