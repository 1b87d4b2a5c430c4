/**
 * The SQL of cookieless visit counting. Written as SQL because each is one statement that must be
 * atomic (a view and its visitor, a day's fold-up and the deletion of its keys and salt).
 */

/** Today's salt, made once by whichever process asks first. Binds: day, a fresh salt. */
export const SALT_FOR_DAY_SQL = `with made as (
     insert into visit_salts (day, salt) values (?::date, ?) on conflict (day) do nothing returning salt
   )
   select salt from made union all select salt from visit_salts where day = ?::date limit 1`;

/**
 * One page view and its visitor of the day (the first view's attribution is kept; later views
 * only count). Binds: day, path, utm_source, utm_medium, utm_campaign, referrer_host, ref, visitor_key.
 */
export const RECORD_VIEW_SQL = `with input as (
     select ?::date as day, ?::text as path, ?::text as utm_source, ?::text as utm_medium, ?::text as utm_campaign,
            ?::text as referrer_host, ?::text as ref, ?::text as visitor_key
   ), view as (
     insert into page_views (day, path, utm_source, utm_medium, utm_campaign, referrer_host, ref)
     select day, path, utm_source, utm_medium, utm_campaign, referrer_host, ref from input
   )
   insert into visitor_days (day, visitor_key, utm_source, utm_medium, utm_campaign, referrer_host, ref)
   select day, visitor_key, utm_source, utm_medium, utm_campaign, referrer_host, ref from input
   on conflict (day, visitor_key) do update set views = visitor_days.views + 1`;

/**
 * Folds every day before today (UTC) into daily_visits, then deletes those days' visitor keys and
 * salts: after this, nothing links a visit to a client. One statement, so a crash leaves either
 * both or neither. npm run bench:admin-lists runs this same statement on its seeded days.
 */
export const ROLL_UP_CLOSED_DAYS_SQL = `with closed as (
     delete from visitor_days where day < (now() at time zone 'UTC')::date
     returning day, utm_source, utm_medium, utm_campaign, ref, views
   ), folded as (
     insert into daily_visits (day, utm_source, utm_medium, utm_campaign, ref, visitors, views)
     select day, utm_source, utm_medium, utm_campaign, ref, count(*), sum(views)
       from closed
      group by day, utm_source, utm_medium, utm_campaign, ref
     returning visitors
   ), salts as (
     delete from visit_salts where day < (now() at time zone 'UTC')::date returning day
   )
   select (select coalesce(sum(visitors), 0) from folded)::int as visitors, (select count(*) from salts)::int as salts`;
