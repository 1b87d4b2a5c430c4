import { ATTENDING_SQL, INVITED_SQL } from '../invitations';
import { MEMBERSHIP_OFFERED_SQL } from '../members';
import { NOMINATION_CODES_SQL } from '../nominations';
import { PAID_SQL } from '../payments';
import { WAITLIST_JOURNEY_SQL } from '../waitlist';
import { WAIT_BUCKETS, waitBucketSql } from './funnel-waits';

/**
 * The funnel's SQL. A cohort reading: the people who signed up in a range, and how far each has
 * gone since (so a range's later steps keep growing while its guests are invited, come and pay).
 * Visits are counted by the day of the visit. Days are UTC days.
 *
 * REFRESH_FUNNEL_SQL composes each owning module's part (from its index) into every sign-up's
 * journey and folds the journeys into funnel_days, and those into funnel_months; the tab's queries
 * read those rollups (and the visits' daily counts), whose rows are few (days or months x
 * attributions), so any range answers quickly.
 *
 * Placeholders are named ($from, $to...) and bound by `bind` below, so a statement that uses a
 * value twice cannot get its bindings out of order.
 */

const STEPS = ['confirmed', 'invited', 'attending', 'came', 'paid'] as const;

/** Every sign-up with when it reached each step. */
const JOURNEYS = `guest as (
     select a.email, min(a.attending_at) as attending_at, min(a.came_at) as came_at, min(p.paid_at) as paid_at
       from (${ATTENDING_SQL}) a
       left join (${PAID_SQL}) p on p.rsvp_id = a.rsvp_id
      group by a.email
   ), journey as (
     select (w.signed_up_at at time zone 'UTC')::date as day, w.signed_up_at, w.utm_source, w.utm_medium,
            w.utm_campaign, w.nominated_by, coalesce(w.nomination_status = 'suspect', false) as suspect,
            w.confirmed_at, least(o.offered_at, i.invited_at) as invited_at, g.attending_at, g.came_at, g.paid_at
       from (${WAITLIST_JOURNEY_SQL}) w
       left join (${MEMBERSHIP_OFFERED_SQL}) o on o.entry_id = w.entry_id
       left join (${INVITED_SQL}) i on i.email = w.email
       left join guest g on g.email = w.email
   )`;

/**
 * Each journey with the bucket of its wait for each step, computed once per person (a step dated
 * before the sign-up, an invitation sent to the address earlier, counts as at once).
 */
const BUCKETED = `bucketed as (
     select j.*, ${STEPS.map(
       (step) =>
         // Only for a step reached: greatest() would read a missing step as a wait of 0.
         `case when j.${step}_at is not null then ${waitBucketSql(
           `greatest(0, extract(epoch from j.${step}_at - j.signed_up_at))::double precision`,
         )} end as ${step}_bucket`,
     ).join(',\n            ')}
       from journey j
   )`;

/** Per step: how many reached it in each bucket, as an array of WAIT_BUCKETS counts. */
const waitCounts = (step: string) =>
  `array[${Array.from(
    { length: WAIT_BUCKETS },
    (_, index) => `count(*) filter (where j.${step}_bucket = ${index + 1})::int`,
  ).join(', ')}]`;

/** Sums of the steps' counts over the grouped rows (suspect nominations count as sign-ups here). */
const STEP_SUMS = `coalesce(sum(signed_up), 0)::int as signed_up,
       ${STEPS.map((step) => `coalesce(sum(${step}), 0)::int as ${step}`).join(', ')}`;

/** Element-wise sums of the waits' bucket counts. */
const WAIT_SUMS = STEPS.map(
  (step) =>
    `array[${Array.from({ length: WAIT_BUCKETS }, (_, i) => `coalesce(sum(${step}_waits[${i + 1}]), 0)::int`).join(', ')}] as ${step}_waits`,
).join(',\n       ');

/**
 * Rebuilds funnel_days from the journeys, and funnel_months from those, in one statement: the
 * deletes and the inserts see the same snapshot, so readers see the old rows or the new, never
 * neither. Run under an advisory
 * lock (InsightsService.refreshFunnel) so two refreshes never overlap. npm run bench:admin-lists
 * runs this same statement on its seeded rows.
 */
export const REFRESH_FUNNEL_SQL = `with ${JOURNEYS}, ${BUCKETED}, cleared as (
     delete from funnel_days
   ), filled as (
     insert into funnel_days (day, utm_source, utm_medium, utm_campaign, by_member, nominated_by, suspect, signed_up,
                              confirmed, invited, attending, came, paid, confirmed_waits, invited_waits,
                              attending_waits, came_waits, paid_waits)
     select j.day, j.utm_source, j.utm_medium, j.utm_campaign, grouping(j.nominated_by) = 0, j.nominated_by,
            coalesce(j.suspect, false), count(*)::int,
            ${STEPS.map((step) => `count(j.${step}_at)::int`).join(', ')},
            ${STEPS.map(waitCounts).join(',\n            ')}
       from bucketed j
      group by grouping sets ((j.day, j.utm_source, j.utm_medium, j.utm_campaign),
                              (j.day, j.utm_source, j.utm_medium, j.utm_campaign, j.nominated_by, j.suspect))
     -- The rows by member are for the nominated only.
     having grouping(j.nominated_by) = 1 or j.nominated_by is not null
     returning *
   ), cleared_months as (
     delete from funnel_months
   ), months as (
     insert into funnel_months (month, utm_source, utm_medium, utm_campaign, by_member, nominated_by, suspect,
                                signed_up, confirmed, invited, attending, came, paid, confirmed_waits,
                                invited_waits, attending_waits, came_waits, paid_waits)
     select date_trunc('month', day::timestamp)::date, utm_source, utm_medium, utm_campaign, by_member,
            nominated_by, suspect, ${STEP_SUMS}, ${WAIT_SUMS}
       from filled
      group by 1, 2, 3, 4, 5, 6, 7
   ), stamped as (
     insert into insights_refreshes (id, funnel_at) values (1, now())
     on conflict (id) do update set funnel_at = excluded.funnel_at
   )
   select coalesce(sum(signed_up) filter (where not by_member), 0)::int as sign_ups, count(*)::int as rows from filled`;

/** The optional attribution and nominating member a funnel row must match. */
const MATCHES = `($source::text is null or utm_source = $source)
        and ($medium::text is null or utm_medium = $medium)
        and ($campaign::text is null or utm_campaign = $campaign)
        and ($nominatedBy::uuid is null or nominated_by = $nominatedBy::uuid)`;

/** The rows of every sign-up, or, for one nominating member, the rows by nominating member. */
const FOR_ONE_MEMBER = '($nominatedBy::uuid is not null)';

/** The funnel rows of each day of the range (what the series by day reads). */
const PICKED = `picked as (
     select * from funnel_days
      where by_member = ${FOR_ONE_MEMBER} and day between $from::date and $to::date and ${MATCHES}
   )`;

/** The first day of the range's first whole month, and the first day after its last whole month. */
const WHOLE_FROM = `(date_trunc('month', ($from::date - 1)::timestamp) + interval '1 month')::date`;
const WHOLE_UNTIL = `date_trunc('month', ($to::date + 1)::timestamp)::date`;
const COUNTED = `utm_source, utm_medium, utm_campaign, nominated_by, suspect, signed_up, ${STEPS.join(', ')},
            ${STEPS.map((step) => `${step}_waits`).join(', ')}`;

/**
 * The same rows, fewer, for what sums the whole range (its totals, campaigns and nominating
 * members): its whole months from funnel_months, the days before the first and after the last
 * from funnel_days. `memberRows`: which rows (by default as PICKED).
 */
const spanned = (memberRows = FOR_ONE_MEMBER) => `spanned as (
     select ${COUNTED}
       from funnel_months
      where by_member = ${memberRows} and month >= ${WHOLE_FROM} and month < ${WHOLE_UNTIL} and ${MATCHES}
     union all
     select ${COUNTED}
       from funnel_days
      where by_member = ${memberRows} and day between $from::date and $to::date
        and (day < ${WHOLE_FROM} or day >= ${WHOLE_UNTIL}) and ${MATCHES}
   )`;

/**
 * Visits of the range: closed days from daily_visits, today (not yet folded) from visitor_days;
 * for one nominating member, the visits through their links' codes (the nominations module's part).
 */
const VISITS = `visits as (
     select day, utm_source, utm_medium, utm_campaign, ref, visitors
       from daily_visits
      where day between $from::date and $to::date
     union all
     select day, utm_source, utm_medium, utm_campaign, ref, count(*)::int
       from visitor_days
      where day between $from::date and $to::date
      group by day, utm_source, utm_medium, utm_campaign, ref
   ), picked_visits as (
     select * from visits
      where ($source::text is null or utm_source = $source)
        and ($medium::text is null or utm_medium = $medium)
        and ($campaign::text is null or utm_campaign = $campaign)
        and ($nominatedBy::uuid is null
             or ref in (select c.code from (${NOMINATION_CODES_SQL}) c where c.member_id = $nominatedBy::uuid))
   )`;

/**
 * The funnel, the whole range (key 'all') and each day of it (key: the day); the waits only for the
 * whole range (what the medians are read from).
 */
export const FUNNEL_SQL = `with ${PICKED}, ${spanned()}, ${VISITS},
   steps as (
     select day::text as key, ${STEP_SUMS}, ${STEPS.map((step) => `null::int[] as ${step}_waits`).join(', ')}
       from picked
      group by day
     union all
     select 'all', ${STEP_SUMS}, ${WAIT_SUMS}
       from spanned
   ), visit_days as (
     select coalesce(day::text, 'all') as key, sum(visitors)::int as visitors
       from picked_visits
      group by grouping sets ((day), ())
   )
   select coalesce(s.key, v.key) as key, v.visitors, coalesce(s.signed_up, 0) as signed_up,
          coalesce(s.confirmed, 0) as confirmed, coalesce(s.invited, 0) as invited,
          coalesce(s.attending, 0) as attending, coalesce(s.came, 0) as came, coalesce(s.paid, 0) as paid,
          s.confirmed_waits, s.invited_waits, s.attending_waits, s.came_waits, s.paid_waits
     from steps s
     full join visit_days v on v.key = s.key
    order by coalesce(s.key, v.key) = 'all' desc, coalesce(s.key, v.key)`;

/** The funnel by UTM source, medium and campaign ('' for none, so the full join can match them). */
export const CAMPAIGNS_SQL = `with ${spanned()}, ${VISITS},
   steps as (
     select coalesce(utm_source, '') as source, coalesce(utm_medium, '') as medium,
            coalesce(utm_campaign, '') as campaign, ${STEP_SUMS}
       from spanned
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
 * Sponsor quality: by nominating member, the visits through their links, the credited sign-ups and
 * how far they went; suspect ones are counted apart and never credited with a step.
 */
export const SPONSORS_SQL = `with ${spanned('true')}, ${VISITS},
   steps as (
     select nominated_by as member_id,
            coalesce(sum(signed_up) filter (where not suspect), 0)::int as signed_up,
            coalesce(sum(signed_up) filter (where suspect), 0)::int as suspect,
            ${STEPS.map((step) => `coalesce(sum(${step}) filter (where not suspect), 0)::int as ${step}`).join(',\n            ')}
       from spanned
      group by nominated_by
   ), member_visits as (
     select c.member_id, sum(v.visitors)::int as visitors
       from picked_visits v
       join (${NOMINATION_CODES_SQL}) c on c.code = v.ref
      group by c.member_id
   )
   select coalesce(s.member_id, v.member_id) as member_id, coalesce(v.visitors, 0) as visitors,
          coalesce(s.signed_up, 0) as signed_up, coalesce(s.suspect, 0) as suspect,
          ${STEPS.map((step) => `coalesce(s.${step}, 0) as ${step}`).join(', ')}
     from steps s
     full join member_visits v on v.member_id = s.member_id
    order by paid desc, came desc, signed_up desc, visitors desc, member_id
    limit 500`;

/** When the funnel was last rebuilt (no row before the first rebuild). */
export const FUNNEL_REFRESHED_SQL = `select funnel_at from insights_refreshes where id = 1`;

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
