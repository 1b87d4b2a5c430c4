import { Migration } from '@mikro-orm/migrations';

/**
 * The insights funnel by sign-up month (README, performance: insights over two years).
 *
 * `funnel_months` holds the rows of `funnel_days` summed by calendar month (UTC), rebuilt by the
 * same statement. A range's totals, its campaigns and its nominating members read the whole months
 * it spans from here and only the days at its two ends from `funnel_days`: over two years that is
 * a few dozen rows per attribution instead of one per day, each carrying five arrays of wait counts.
 */
export class Migration20261129010000InsightsMonths extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table funnel_months (
        id bigserial primary key,
        month date not null,
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
    this.addSql('create index funnel_months_month_idx on funnel_months (by_member, month)');
    this.addSql('create index funnel_months_member_idx on funnel_months (nominated_by, month) where by_member');
  }

  override async down(): Promise<void> {
    this.addSql('drop table funnel_months');
  }
}
