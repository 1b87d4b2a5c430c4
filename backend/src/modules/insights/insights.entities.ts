import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The tables of cookieless visit counting (see the Insights migration for why each exists). They
 * are written and read with SQL in page-views.sql.ts; the entities describe the tables.
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
