/**
 * The waitlist's part of the insights funnel (offered through index.ts; the insights module
 * composes it with the other modules' parts): one row per entry with its attribution, when it
 * signed up and when it was confirmed, and who nominated it. `email` is lower-cased, the form in
 * which invitations are matched to entries. No parameters: the caller filters the rows it reads
 * (signed_up_at is the indexed created_at, nominated_by the indexed nominated_by_member_id).
 */
export const WAITLIST_JOURNEY_SQL = `select id as entry_id, lower(email) as email, created_at as signed_up_at,
       confirmed_at, utm_source, utm_medium, utm_campaign, nominated_by_member_id as nominated_by,
       nomination_status
  from waitlist_entries`;
