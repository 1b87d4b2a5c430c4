import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { MembersService } from '../members';
import { bind, CAMPAIGNS_SQL, FUNNEL_SQL, type InsightsFilterValues, SPONSORS_SQL } from './insights.sql';
import {
  type CampaignRow,
  FUNNEL_STEPS,
  type FunnelView,
  type SponsorRow,
  STEP_LABELS,
  type StepCounts,
} from './insights-views';

interface CountColumns {
  signed_up: number;
  confirmed: number;
  invited: number;
  attending: number;
  came: number;
  paid: number;
}

interface FunnelRow extends CountColumns {
  key: string;
  visitors: number | null;
  confirmed_median: number | null;
  invited_median: number | null;
  attending_median: number | null;
  came_median: number | null;
  paid_median: number | null;
}

const counts = (row: CountColumns): StepCounts => ({
  signedUp: row.signed_up,
  confirmed: row.confirmed,
  invited: row.invited,
  attending: row.attending,
  came: row.came,
  paid: row.paid,
});

const median = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));

/** The insights tab's figures, read live from the owning modules' tables (see insights.sql.ts). */
@Injectable()
export class InsightsService {
  constructor(
    private readonly em: EntityManager,
    private readonly members: MembersService,
  ) {}

  private run<T>(sql: string, filter: InsightsFilterValues): Promise<T[]> {
    const [text, bindings] = bind(sql, filter);
    return this.em.getConnection().execute<T[]>(text, bindings);
  }

  async funnel(filter: InsightsFilterValues): Promise<FunnelView> {
    const rows = await this.run<FunnelRow>(FUNNEL_SQL, filter);
    const perMember = filter.nominatedBy !== null;
    const visits = (row: FunnelRow | undefined) => (perMember ? null : (row?.visitors ?? 0));
    const whole = rows.find((row) => row.key === 'all');
    const total = whole
      ? counts(whole)
      : counts({ signed_up: 0, confirmed: 0, invited: 0, attending: 0, came: 0, paid: 0 });
    const figures: Record<(typeof FUNNEL_STEPS)[number], { count: number | null; median: number | null }> = {
      visits: { count: visits(whole), median: null },
      signedUp: { count: total.signedUp, median: null },
      confirmed: { count: total.confirmed, median: median(whole?.confirmed_median ?? null) },
      invited: { count: total.invited, median: median(whole?.invited_median ?? null) },
      attending: { count: total.attending, median: median(whole?.attending_median ?? null) },
      paid: { count: total.paid, median: median(whole?.paid_median ?? null) },
    };
    let previous: number | null = null;
    const steps = FUNNEL_STEPS.map((step, index) => {
      const { count, median: medianSeconds } = figures[step];
      const conversion = index === 0 || previous === null || count === null || previous === 0 ? null : count / previous;
      previous = count;
      return { step, label: STEP_LABELS[step], count, conversion, medianSeconds };
    });
    const days = rows
      .filter((row) => row.key !== 'all')
      .map((row) => ({ day: row.key, visits: visits(row), ...counts(row) }));
    return { from: filter.from, to: filter.to, steps, days };
  }

  async campaigns(filter: InsightsFilterValues): Promise<CampaignRow[]> {
    const rows = await this.run<CountColumns & { source: string; medium: string; campaign: string; visitors: number }>(
      CAMPAIGNS_SQL,
      filter,
    );
    return rows.map((row) => ({
      source: row.source || null,
      medium: row.medium || null,
      campaign: row.campaign || null,
      visits: row.visitors,
      ...counts(row),
    }));
  }

  async sponsors(filter: InsightsFilterValues): Promise<SponsorRow[]> {
    const rows = await this.run<CountColumns & { member_id: string; suspect: number }>(SPONSORS_SQL, filter);
    const names = await this.members.describe(rows.map((row) => row.member_id));
    return rows.map((row) => ({
      memberId: row.member_id,
      memberName: names.get(row.member_id)?.name ?? null,
      suspect: row.suspect,
      ...counts(row),
    }));
  }

  /** One member's sponsor quality (zeros for a member who nominated nobody in the range). */
  async sponsor(memberId: string, filter: InsightsFilterValues): Promise<SponsorRow> {
    const [row] = await this.sponsors({ ...filter, nominatedBy: memberId });
    if (row) return row;
    const names = await this.members.describe([memberId]);
    return {
      memberId,
      memberName: names.get(memberId)?.name ?? null,
      suspect: 0,
      ...counts({ signed_up: 0, confirmed: 0, invited: 0, attending: 0, came: 0, paid: 0 }),
    };
  }
}
