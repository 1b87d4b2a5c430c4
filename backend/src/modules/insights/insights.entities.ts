import { ArrayType, Check, Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The insights module's tables (see the Insights migration for why each exists). They are written
 * and read with SQL (page-views.sql.ts, insights.sql.ts); the entities describe the tables.
 */

/** One view of a public page: no address, no user agent, no visitor key. */
@Entity({ tableName: 'page_views' })
@Index({ name: 'page_views_day_idx', properties: ['day', 'path'] })
export class PageView {
  [OptionalProps]?: 'viewedAt';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id: string;

  @Property({ type: 'string', columnType: 'date' })
  day: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  viewedAt: Date;

  @Property({ type: 'text' })
  path: string;

  @Property({ type: 'text', nullable: true })
  utmSource: string | null;

  @Property({ type: 'text', nullable: true })
  utmMedium: string | null;

  @Property({ type: 'text', nullable: true })
  utmCampaign: string | null;

  @Property({ type: 'text', nullable: true })
  referrerHost: string | null;

  @Property({ type: 'text', nullable: true })
  ref: string | null;
}

/** Today's salt for visitor keys; deleted once its day is over. */
@Entity({ tableName: 'visit_salts' })
export class VisitSalt {
  @PrimaryKey({ type: 'string', columnType: 'date' })
  day: string;

  @Property({ type: 'text' })
  salt: string;
}

/** One visitor of one day (by the day's salted key), with the attribution of their first view. */
@Entity({ tableName: 'visitor_days' })
export class VisitorDay {
  [OptionalProps]?: 'views';

  @PrimaryKey({ type: 'string', columnType: 'date' })
  day: string;

  @PrimaryKey({ type: 'text' })
  visitorKey: string;

  @Property({ type: 'text', nullable: true })
  utmSource: string | null;

  @Property({ type: 'text', nullable: true })
  utmMedium: string | null;

  @Property({ type: 'text', nullable: true })
  utmCampaign: string | null;

  @Property({ type: 'text', nullable: true })
  referrerHost: string | null;

  @Property({ type: 'text', nullable: true })
  ref: string | null;

  @Property({ type: 'integer', default: 1 })
  views: number;
}

/** A closed day's visitors and views by attribution: counts only. */
@Entity({ tableName: 'daily_visits' })
@Index({ name: 'daily_visits_day_idx', properties: ['day'] })
export class DailyVisits {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id: string;

  @Property({ type: 'string', columnType: 'date' })
  day: string;

  @Property({ type: 'text', nullable: true })
  utmSource: string | null;

  @Property({ type: 'text', nullable: true })
  utmMedium: string | null;

  @Property({ type: 'text', nullable: true })
  utmCampaign: string | null;

  @Property({ type: 'text', nullable: true })
  ref: string | null;

  @Property({ type: 'integer' })
  visitors: number;

  @Property({ type: 'integer' })
  views: number;
}

const waits = () => ({ type: new ArrayType((n) => Number(n)), columnType: 'integer[]' });

/** The counts of a funnel row: how many reached each step, and how long after sign-up (counts per bucket of funnel-waits.ts). */
abstract class FunnelCounts {
  [OptionalProps]?: 'byMember' | 'suspect';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id: string;

  @Property({ type: 'text', nullable: true })
  utmSource: string | null;

  @Property({ type: 'text', nullable: true })
  utmMedium: string | null;

  @Property({ type: 'text', nullable: true })
  utmCampaign: string | null;

  /** A row of the funnel by nominating member (only the nominated); else of every sign-up. */
  @Property({ type: 'boolean', default: false })
  byMember: boolean;

  @Property({ type: 'uuid', nullable: true })
  nominatedBy: string | null;

  @Property({ type: 'boolean', default: false })
  suspect: boolean;

  @Property({ type: 'integer' })
  signedUp: number;

  @Property({ type: 'integer' })
  confirmed: number;

  @Property({ type: 'integer' })
  invited: number;

  @Property({ type: 'integer' })
  attending: number;

  @Property({ type: 'integer' })
  came: number;

  @Property({ type: 'integer' })
  paid: number;

  @Property(waits())
  confirmedWaits: number[];

  @Property(waits())
  invitedWaits: number[];

  @Property(waits())
  attendingWaits: number[];

  @Property(waits())
  cameWaits: number[];

  @Property(waits())
  paidWaits: number[];
}

/** The funnel of one sign-up day, attribution and nominating member. */
@Entity({ tableName: 'funnel_days' })
@Index({ name: 'funnel_days_day_idx', properties: ['byMember', 'day'] })
@Index({
  name: 'funnel_days_member_idx',
  expression: 'create index funnel_days_member_idx on funnel_days (nominated_by, day) where by_member',
})
export class FunnelDay extends FunnelCounts {
  @Property({ type: 'string', columnType: 'date' })
  day: string;
}

/** The same, summed by sign-up month (the first of the month): what a long range reads. */
@Entity({ tableName: 'funnel_months' })
@Index({ name: 'funnel_months_month_idx', properties: ['byMember', 'month'] })
@Index({
  name: 'funnel_months_member_idx',
  expression: 'create index funnel_months_member_idx on funnel_months (nominated_by, month) where by_member',
})
export class FunnelMonth extends FunnelCounts {
  @Property({ type: 'string', columnType: 'date' })
  month: string;
}

/** When the funnel was last rebuilt: one row. */
@Entity({ tableName: 'insights_refreshes' })
@Check({ name: 'insights_refreshes_id_check', expression: 'id = 1' })
export class InsightsRefresh {
  @PrimaryKey({ type: 'smallint', columnType: 'smallint', autoincrement: false })
  id: number;

  @Property({ type: 'timestamptz' })
  funnelAt: Date;
}
