import { AppError } from '../../common/app-error';
import { csvCell } from '../../common/csv-cell';
import type { InsightsQueryDto } from './dto/insights-query.dto';
import type { InsightsFilterValues } from './insights.sql';

/** The funnel's steps, in order: from a visit to a paid guest. */
export const FUNNEL_STEPS = ['visits', 'signedUp', 'confirmed', 'invited', 'attending', 'paid'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const STEP_LABELS: Record<FunnelStep, string> = {
  visits: 'Visits',
  signedUp: 'Signed up',
  confirmed: 'Confirmed',
  invited: 'Offered membership or invited',
  attending: 'RSVP’d attending',
  paid: 'Paid',
};

export interface StepCounts {
  signedUp: number;
  confirmed: number;
  invited: number;
  attending: number;
  came: number;
  paid: number;
}

export interface FunnelView {
  from: string;
  to: string;
  /** When the funnel was last rebuilt (visits are counted up to now). */
  asOf: Date | null;
  steps: Array<{
    step: FunnelStep;
    label: string;
    count: number | null;
    /** This step's count over the previous step's (null when there is none to divide by). */
    conversion: number | null;
    /** The median time from sign-up to this step, of those who reached it (read from bucket counts: approximate). */
    medianSeconds: number | null;
  }>;
  days: Array<{ day: string; visits: number | null } & StepCounts>;
}

export interface CampaignRow extends StepCounts {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  visits: number;
}

export interface SponsorRow extends StepCounts {
  memberId: string;
  memberName: string | null;
  /** Visitors who came through the member's nomination links. */
  visits: number;
  /** Sign-ups marked suspect: shown apart, never credited with a step. */
  suspect: number;
}

const DEFAULT_DAYS = 90;
/** The longest range a query reads: two years (with a leap day). */
const MAX_DAYS = 731;
const DAY_MS = 86_400_000;

/** The first day of "all time" for one member's sponsor quality (read through its own index). */
const ALL_TIME_FROM = '2000-01-01';

/**
 * The range and filters as the SQL takes them; a range backwards or longer than two years is
 * refused. `allTime`: with no start given, from the beginning (one member's figures, whose rows an
 * index finds, need no bound).
 */
export function filterValues(query: InsightsQueryDto, now = new Date(), allTime = false): InsightsFilterValues {
  const today = now.toISOString().slice(0, 10);
  const to = query.to ?? today;
  const from =
    query.from ??
    (allTime ? ALL_TIME_FROM : new Date(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10));
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) {
    throw AppError.badRequest('The start of the range must not be after its end', {
      from: 'From must not be after To',
    });
  }
  if (days > MAX_DAYS && !allTime) {
    throw AppError.badRequest('Choose a range of two years or less', { from: 'Choose a range of two years or less' });
  }
  return {
    from,
    to,
    source: query.source ?? null,
    medium: query.medium ?? null,
    campaign: query.campaign ?? null,
    nominatedBy: query.nominatedBy ?? null,
  };
}

/** The tables the tab downloads as CSV. */
export const CSV_TABLES = ['funnel', 'days', 'campaigns', 'sponsors'] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

function csv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const COUNT_HEADER = ['Signed up', 'Confirmed', 'Offered membership or invited', 'RSVP’d attending', 'Came', 'Paid'];
const countCells = (row: StepCounts) => [row.signedUp, row.confirmed, row.invited, row.attending, row.came, row.paid];

export function funnelCsv(view: FunnelView): string {
  return csv(
    ['Step', 'People', 'Conversion from the step before (%)', 'Median days from sign-up (approximate)'],
    view.steps.map((step) => [
      step.label,
      step.count,
      step.conversion === null ? '' : (step.conversion * 100).toFixed(1),
      step.medianSeconds === null ? '' : (step.medianSeconds / 86_400).toFixed(1),
    ]),
  );
}

export function daysCsv(view: FunnelView): string {
  return csv(
    ['Day', 'Visits', ...COUNT_HEADER],
    view.days.map((day) => [day.day, day.visits, ...countCells(day)]),
  );
}

export function campaignsCsv(rows: CampaignRow[]): string {
  return csv(
    ['Source', 'Medium', 'Campaign', 'Visits', ...COUNT_HEADER],
    rows.map((row) => [row.source, row.medium, row.campaign, row.visits, ...countCells(row)]),
  );
}

export function sponsorsCsv(rows: SponsorRow[]): string {
  return csv(
    ['Member', 'Member id', 'Visits through their links', 'Suspect (not credited)', ...COUNT_HEADER],
    rows.map((row) => [row.memberName, row.memberId, row.visits, row.suspect, ...countCells(row)]),
  );
}
