import type { WaitlistFilter } from './waitlist-filter.dto';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE clause (alias `w`) that selects the entries a filter covers, with its parameters. */
export function waitlistFilterSql(filter: WaitlistFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.ids) {
    parts.push('w.id = any(?::uuid[])');
    params.push(`{${filter.ids.join(',')}}`);
  }
  if (filter.q) {
    parts.push(
      `lower(w.email || ' ' || coalesce(w.full_name, '') || ' ' || coalesce(w.phone_number, '')) like lower(?)`,
    );
    params.push(`%${escapeLike(filter.q)}%`);
  }
  if (filter.source) {
    parts.push('w.source = ?');
    params.push(filter.source);
  }
  if (filter.utmCampaign) {
    parts.push('w.utm_campaign = ?');
    params.push(filter.utmCampaign);
  }
  if (filter.signedUpFrom) {
    parts.push(`w.created_at >= (?::date)::timestamp at time zone 'UTC'`);
    params.push(filter.signedUpFrom);
  }
  if (filter.confirmed === 'confirmed') parts.push('w.confirmed_at is not null');
  if (filter.confirmed === 'unconfirmed') parts.push('w.confirmed_at is null');
  if (filter.nominatedBy) {
    parts.push('w.nominated_by_member_id = ?::uuid');
    params.push(filter.nominatedBy);
  }
  if (filter.signedUpTo) {
    parts.push(`w.created_at < (?::date + 1)::timestamp at time zone 'UTC'`);
    params.push(filter.signedUpTo);
  }
  return { sql: parts.length ? parts.join(' and ') : 'true', params };
}
