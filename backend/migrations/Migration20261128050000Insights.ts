import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 31, section 5: cookieless visit counting for the insights tab.
 *
 * `page_views`: one row per view of a public page, with no identity at all: the day, the path,
 * the UTM fields and nominating code of the address, and the host of the page that linked to it.
 *
 * Unique visitors are estimated as Plausible does: `visit_salts` holds one random salt per UTC day;
 * a visitor's key for the day is a hash of that salt with the client's address and user agent,
 * kept in `visitor_days` (with the attribution of the visitor's first view that day and how many
 * pages they saw). Neither the address, the user agent nor the key is kept past the day: once the
 * day is over, a job folds `visitor_days` into `daily_visits` (counts only) and deletes the day's
 * keys and its salt, so nobody, not even the club, can link two days' visits or a visit to a person.
 *
 * `funnel_days`: the funnel by sign-up day and attribution (`by_member` false: every sign-up), and
 * again by nominating member for the nominated (`by_member` true; suspect nominations apart), rebuilt from the owning modules' tables by the same repeating job, since
 * reading a year of sign-ups with their invitations, RSVPs and payments live is too slow for the
 * tab (README, performance). The `*_waits` columns count the people who reached a step by how
 * long after sign-up, in the fixed buckets of insights/funnel-waits.ts, so medians can be read
 * from any range. `insights_refreshes` says when it was rebuilt ("figures as of").
 */
export class Migration20261128050000Insights extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table page_views (
        id bigserial primary key,
        day date not null,
        viewed_at timestamptz not null default now(),
        path text not null,
        utm_source text null,
        utm_medium text null,
        utm_campaign text null,
        referrer_host text null,
        ref text null
      )`);
    this.addSql('create index page_views_day_idx on page_views (day, path)');
    this.addSql(`
      create table visit_salts (
        day date primary key,
        salt text not null
      )`);
    this.addSql(`
      create table visitor_days (
        day date not null,
        visitor_key text not null,
        utm_source text null,
        utm_medium text null,
        utm_campaign text null,
        referrer_host text null,
        ref text null,
        views integer not null default 1,
        primary key (day, visitor_key)
      )`);
    this.addSql(`
      create table daily_visits (
        id bigserial primary key,
        day date not null,
        utm_source text null,
        utm_medium text null,
        utm_campaign text null,
        ref text null,
        visitors integer not null,
        views integer not null
      )`);
    this.addSql('create index daily_visits_day_idx on daily_visits (day)');
    this.addSql(`
      create table funnel_days (
        id bigserial primary key,
        day date not null,
        utm_source text null,
        utm_medium text null,
        utm_campaign text null,
        by_member boolean not null default false,
        nominated_by uuid null,
        suspect boolean not null default false,
        signed_up integer not null,
        confirmed integer not null,
        invited integer not null,
        attending integer not null,
        came integer not null,
        paid integer not null,
        confirmed_waits integer[] not null,
        invited_waits integer[] not null,
        attending_waits integer[] not null,
        came_waits integer[] not null,
        paid_waits integer[] not null
      )`);
    this.addSql('create index funnel_days_day_idx on funnel_days (by_member, day)');
    this.addSql('create index funnel_days_member_idx on funnel_days (nominated_by, day) where by_member');
    this.addSql(`
      create table insights_refreshes (
        id smallint primary key check (id = 1),
        funnel_at timestamptz not null
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table insights_refreshes');
    this.addSql('drop table funnel_days');
    this.addSql('drop table daily_visits');
    this.addSql('drop table visitor_days');
    this.addSql('drop table visit_salts');
    this.addSql('drop table page_views');
  }
}
