import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { MembersService } from '../members';
import { medianWait } from './funnel-waits';
import {
  bind,
  CAMPAIGNS_SQL,
  FUNNEL_REFRESHED_SQL,
  FUNNEL_SQL,
  type InsightsFilterValues,
  REFRESH_FUNNEL_SQL,
  SPONSORS_SQL,
} from './insights.sql';
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
  confirmed_waits: number[] | null;
  invited_waits: number[] | null;
  attending_waits: number[] | null;
  came_waits: number[] | null;
  paid_waits: number[] | null;
}

/** A lock of this module's own: one funnel rebuild at a time, whichever process runs it. */
const REFRESH_LOCK = 'insights.refresh-funnel';

const counts = (row: CountColumns): StepCounts => ({
  signedUp: row.signed_up,
  confirmed: row.confirmed,
  invited: row.invited,
  attending: row.attending,
  came: row.came,
  paid: row.paid,
});

const median = (waits: number[] | null | undefined) => (waits ? medianWait(waits) : null);

/**
 * The insights tab's figures: the funnel as last rebuilt from the owning modules' tables (see
 * insights.sql.ts; `asOf` says when), visits as counted up to now.
 */
@Injectable()
export class InsightsService {
  constructor(
    private readonly em: EntityManager,
    private readonly members: MembersService,
  ) {}

  /**
   * One of the tab's queries, without parallel workers: they read a few thousand rollup rows, and
   * starting workers for that cost more than it saved (several times more with a few admins
   * reading at once on two cores: README, performance).
   */
  private run<T>(sql: string, filter: InsightsFilterValues): Promise<T[]> {
    const [text, bindings] = bind(sql, filter);
    return this.em.fork().transactional(async (em) => {
      await em.execute('set local max_parallel_workers_per_gather = 0');
      return em.execute<T[]>(text, bindings);
    });
  }

  /**
   * Rebuilds the funnel from the owning modules' tables (the repeating job 'insights.refresh').
   * Answers null when another process is rebuilding it at this moment.
   */
  async refreshFunnel(): Promise<{ signUps: number; rows: number } | null> {
    // em.execute runs in the transaction (its connection's execute would take another from the
    // pool, where the lock would end with its own statement).
    return this.em.fork().transactional(async (em) => {
      const [lock] = await em.execute<Array<{ taken: boolean }>>(
        `select pg_try_advisory_xact_lock(hashtext(?)) as taken`,
        [REFRESH_LOCK],
      );
      if (!lock.taken) return null;
      const [row] = await em.execute<Array<{ sign_ups: number; rows: number }>>(REFRESH_FUNNEL_SQL);
      return { signUps: row.sign_ups, rows: row.rows };
    });
  }

  /** When the funnel was last rebuilt, or null before the first time. */
  async asOf(): Promise<Date | null> {
    const [row] = await this.em.getConnection().execute<Array<{ funnel_at: Date }>>(FUNNEL_REFRESHED_SQL);
    return row ? new Date(row.funnel_at) : null;
  }

  async funnel(filter: InsightsFilterValues): Promise<FunnelView> {
    const [rows, asOf] = await Promise.all([this.run<FunnelRow>(FUNNEL_SQL, filter), this.asOf()]);
    const visits = (row: FunnelRow | undefined) => row?.visitors ?? 0;
    const whole = rows.find((row) => row.key === 'all');
    const total = whole
      ? counts(whole)
      : counts({ signed_up: 0, confirmed: 0, invited: 0, attending: 0, came: 0, paid: 0 });
    const figures: Record<(typeof FUNNEL_STEPS)[number], { count: number | null; median: number | null }> = {
      visits: { count: visits(whole), median: null },
      signedUp: { count: total.signedUp, median: null },
      confirmed: { count: total.confirmed, median: median(whole?.confirmed_waits) },
      invited: { count: total.invited, median: median(whole?.invited_waits) },
      attending: { count: total.attending, median: median(whole?.attending_waits) },
      paid: { count: total.paid, median: median(whole?.paid_waits) },
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
    return { from: filter.from, to: filter.to, asOf, steps, days };
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
    const rows = await this.run<CountColumns & { member_id: string; visitors: number; suspect: number }>(
      SPONSORS_SQL,
      filter,
    );
    const names = await this.members.describe(rows.map((row) => row.member_id));
    return rows.map((row) => ({
      memberId: row.member_id,
      memberName: names.get(row.member_id)?.name ?? null,
      visits: row.visitors,
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
      visits: 0,
      suspect: 0,
      ...counts({ signed_up: 0, confirmed: 0, invited: 0, attending: 0, came: 0, paid: 0 }),
    };
  }
}
