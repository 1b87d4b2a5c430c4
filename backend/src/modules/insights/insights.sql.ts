import { ATTENDING_SQL, INVITED_SQL } from '../invitations';
import { MEMBERSHIP_OFFERED_SQL } from '../members';
import { PAID_SQL } from '../payments';
import { WAITLIST_JOURNEY_SQL } from '../waitlist';

/**
 * The funnel's SQL: each owning module's part (from its index) composed into one statement per
 * table of the tab. A cohort reading: the people who signed up in the range, and how far each has
 * gone since (so a range's later steps keep growing while its guests are invited, come and pay).
 * Visits are counted by the day of the visit. Days are UTC days.
 *
 * Placeholders are named ($from, $to...) and bound by `bind` below, so a statement that uses a
 * value twice cannot get its bindings out of order.
 */

/** Each sign-up in the range with when it reached each step; filtered by the optional attribution. */
const JOURNEY = `picked as (
     select j.*
       from (${WAITLIST_JOURNEY_SQL}) j
      where j.signed_up_at >= $from::date and j.signed_up_at < $to::date + 1
        and ($source::text is null or j.utm_source = $source)
        and ($medium::text is null or j.utm_medium = $medium)
        and ($campaign::text is null or j.utm_campaign = $campaign)
        and ($nominatedBy::uuid is null or j.nominated_by = $nominatedBy::uuid)
   ), guest as (
     select a.email, min(a.attending_at) as attending_at, min(a.came_at) as came_at, min(p.paid_at) as paid_at
       from (${ATTENDING_SQL}) a
       left join (${PAID_SQL}) p on p.rsvp_id = a.rsvp_id
      group by a.email
   ), journey as (
     select p.entry_id, (p.signed_up_at at time zone 'UTC')::date as day, p.signed_up_at,
            p.utm_source, p.utm_medium, p.utm_campaign, p.nominated_by, p.nomination_status,
            p.confirmed_at,
            least(o.offered_at, i.invited_at) as invited_at,
            g.attending_at, g.came_at, g.paid_at
       from picked p
       left join (${MEMBERSHIP_OFFERED_SQL}) o on o.entry_id = p.entry_id
       left join (${INVITED_SQL}) i on i.email = p.email
       left join guest g on g.email = p.email
   )`;

/** Visits of the range: closed days from daily_visits, today (not yet folded) from visitor_days. */
const VISITS = `visits as (
     select day, utm_source, utm_medium, utm_campaign, ref, visitors, views
       from daily_visits
      where day between $from::date and $to::date
     union all
     select day, utm_source, utm_medium, utm_campaign, ref, count(*)::int, sum(views)::int
       from visitor_days
      where day between $from::date and $to::date
      group by day, utm_source, utm_medium, utm_campaign, ref
   ), picked_visits as (
     select * from visits
      where ($source::text is null or utm_source = $source)
        and ($medium::text is null or utm_medium = $medium)
        and ($campaign::text is null or utm_campaign = $campaign)
   )`;

/** The steps' counts (and the seconds from sign-up to each step, as medians). */
const STEP_COUNTS = `count(*)::int as signed_up,
       count(j.confirmed_at)::int as confirmed,
       count(j.invited_at)::int as invited,
       count(j.attending_at)::int as attending,
       count(j.came_at)::int as came,
       count(j.paid_at)::int as paid`;

// Of those who reached the step only (greatest() would turn a missing step into 0); a step
// dated before the sign-up (an invitation sent to the address earlier) counts as at once.
const since = (column: string) =>
  `percentile_cont(0.5) within group (order by greatest(0, extract(epoch from j.${column} - j.signed_up_at)))
     filter (where j.${column} is not null)`;

const STEP_MEDIANS = `${since('confirmed_at')} as confirmed_median,
       ${since('invited_at')} as invited_median,
       ${since('attending_at')} as attending_median,
       ${since('came_at')} as came_median,
       ${since('paid_at')} as paid_median`;

/**
 * The funnel, the whole range (key 'all') and each day of it (key: the day). Sign-ups nominated by a member count
 * whatever their nomination's status: a suspect nomination is still a person who signed up.
 * Visits are left out (null) when the funnel is for one nominating member: a visit carries the
 * link's code, not the member.
 */
export const FUNNEL_SQL = `with ${JOURNEY}, ${VISITS},
   steps as (
     select coalesce(j.day::text, 'all') as key, ${STEP_COUNTS}, ${STEP_MEDIANS}
       from journey j
      group by grouping sets ((j.day), ())
   ), visit_days as (
     select coalesce(day::text, 'all') as key, sum(visitors)::int as visitors, sum(views)::int as views
       from picked_visits
      where $nominatedBy::uuid is null
      group by grouping sets ((day), ())
   )
   select coalesce(s.key, v.key) as key, v.visitors, v.views, coalesce(s.signed_up, 0) as signed_up,
          coalesce(s.confirmed, 0) as confirmed, coalesce(s.invited, 0) as invited,
          coalesce(s.attending, 0) as attending, coalesce(s.came, 0) as came, coalesce(s.paid, 0) as paid,
          s.confirmed_median, s.invited_median, s.attending_median, s.came_median, s.paid_median
     from steps s
     full join visit_days v on v.key = s.key
    order by coalesce(s.key, v.key) = 'all' desc, coalesce(s.key, v.key)`;

/** The funnel by UTM source, medium and campaign ('' for none, so the full join can match them). */
export const CAMPAIGNS_SQL = `with ${JOURNEY}, ${VISITS},
   steps as (
     select coalesce(j.utm_source, '') as source, coalesce(j.utm_medium, '') as medium,
            coalesce(j.utm_campaign, '') as campaign, ${STEP_COUNTS}
       from journey j
      group by 1, 2, 3
   ), visit_groups as (
     select coalesce(utm_source, '') as source, coalesce(utm_medium, '') as medium,
            coalesce(utm_campaign, '') as campaign, sum(visitors)::int as visitors
       from picked_visits
      group by 1, 2, 3
   )
   select coalesce(s.source, v.source) as source, coalesce(s.medium, v.medium) as medium,
          coalesce(s.campaign, v.campaign) as campaign, coalesce(v.visitors, 0) as visitors,
          coalesce(s.signed_up, 0) as signed_up, coalesce(s.confirmed, 0) as confirmed,
          coalesce(s.invited, 0) as invited, coalesce(s.attending, 0) as attending,
          coalesce(s.came, 0) as came, coalesce(s.paid, 0) as paid
     from steps s
     full join visit_groups v on v.source = s.source and v.medium = s.medium and v.campaign = s.campaign
    order by signed_up desc, paid desc, visitors desc, (coalesce(s.source, v.source) = ''), source, medium, campaign
    limit 500`;

/**
 * Sponsor quality: by nominating member, the credited sign-ups and how far they went; suspect
 * ones are counted apart and never credited with a step.
 */
export const SPONSORS_SQL = `with ${JOURNEY}
   select j.nominated_by as member_id,
          count(*) filter (where j.nomination_status is distinct from 'suspect')::int as signed_up,
          count(*) filter (where j.nomination_status = 'suspect')::int as suspect,
          count(j.confirmed_at) filter (where j.nomination_status is distinct from 'suspect')::int as confirmed,
          count(j.invited_at) filter (where j.nomination_status is distinct from 'suspect')::int as invited,
          count(j.attending_at) filter (where j.nomination_status is distinct from 'suspect')::int as attending,
          count(j.came_at) filter (where j.nomination_status is distinct from 'suspect')::int as came,
          count(j.paid_at) filter (where j.nomination_status is distinct from 'suspect')::int as paid
     from journey j
    where j.nominated_by is not null
    group by j.nominated_by
    order by paid desc, came desc, signed_up desc, member_id
    limit 500`;

export interface InsightsFilterValues {
  from: string;
  to: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  nominatedBy: string | null;
}

/** The statement with `?` for each `$name`, and its bindings in order. */
export function bind(sql: string, values: InsightsFilterValues): [string, unknown[]] {
  const bindings: unknown[] = [];
  const text = sql.replace(/\$([a-zA-Z]+)/g, (_match, name: string) => {
    if (!(name in values)) throw new Error(`No value for $${name}`);
    bindings.push(values[name as keyof InsightsFilterValues]);
    return '?';
  });
  return [text, bindings];
}
