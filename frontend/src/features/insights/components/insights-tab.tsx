import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Segmented, Select, Spin } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../lib/ui/empty-state';
import { ResponsiveTable } from '../../launch-party/responsive-table';
import {
  downloadInsightsCsv,
  useInsightsCampaigns,
  useInsightsFunnel,
  useInsightsSponsors,
  type CampaignRow,
  type InsightsFilter,
  type InsightsTable,
  type SponsorRow,
} from '../api/insights';
import {
  attributionLabel,
  formatConversion,
  formatCount,
  formatDay,
  formatDuration,
  lastDays,
  rangeProblem,
} from './insights-format';
import styles from './insights-tab.module.css';

const DailyChart = lazy(() => import('./daily-chart'));

const PRESETS = [
  { label: '7 days', value: 7 },
  { label: '30 days', value: 30 },
  { label: '90 days', value: 90 },
  { label: '12 months', value: 365 },
];

function CsvButton({ table, filter }: { table: InsightsTable; filter: Partial<InsightsFilter> }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadInsightsCsv(table, filter);
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : 'The file could not be downloaded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
      CSV
    </Button>
  );
}

function SectionHead({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.sectionHead}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </div>
  );
}

const number = (value: number | null | undefined) => <span className={styles.number}>{formatCount(value)}</span>;

const countColumns = <T extends { signedUp: number; confirmed: number; invited: number; came: number; paid: number }>(
  extra: ColumnType<T>[] = [],
): ColumnType<T>[] => [
  { title: 'Signed up', key: 'signedUp', align: 'right', render: (_, row) => number(row.signedUp) },
  ...extra,
  { title: 'Confirmed', key: 'confirmed', align: 'right', render: (_, row) => number(row.confirmed) },
  { title: 'Offered or invited', key: 'invited', align: 'right', render: (_, row) => number(row.invited) },
];

const campaignColumns: ColumnType<CampaignRow>[] = [
  { title: 'Source · medium · campaign', key: 'attribution', render: (_, row) => attributionLabel(row) },
  { title: 'Visits', key: 'visits', align: 'right', render: (_, row) => number(row.visits) },
  ...countColumns<CampaignRow>(),
  { title: 'Attending', key: 'attending', align: 'right', render: (_, row) => number(row.attending) },
  { title: 'Paid', key: 'paid', align: 'right', render: (_, row) => number(row.paid) },
  {
    title: 'Sign-up to paid',
    key: 'yield',
    align: 'right',
    render: (_, row) => (
      <span className={styles.number}>{formatConversion(row.signedUp ? row.paid / row.signedUp : null)}</span>
    ),
  },
];

const sponsorColumns: ColumnType<SponsorRow>[] = [
  { title: 'Member', key: 'member', render: (_, row) => row.memberName ?? 'A former member' },
  { title: 'Visits', key: 'visits', align: 'right', render: (_, row) => number(row.visits) },
  ...countColumns<SponsorRow>([
    {
      title: 'Suspect',
      key: 'suspect',
      align: 'right',
      render: (_, row) => (
        <span className={row.suspect ? styles.suspect : styles.number}>{formatCount(row.suspect)}</span>
      ),
    },
  ]),
  { title: 'Came', key: 'came', align: 'right', render: (_, row) => number(row.came) },
  { title: 'Paid', key: 'paid', align: 'right', render: (_, row) => number(row.paid) },
];

/** When the funnel was rebuilt (every few minutes, by a job), as the tab says it. */
function asOfText(asOf: string | null | undefined): string {
  if (asOf === undefined) return '';
  if (asOf === null) return 'The figures are being prepared; they appear within minutes.';
  const at = new Date(asOf);
  const minutes = Math.max(0, Math.round((Date.now() - at.getTime()) / 60_000));
  const clock = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return minutes < 1 ? `Figures as of ${clock}, just now` : `Figures as of ${clock}, ${minutes} min ago`;
}

/**
 * The Insights tab: the funnel from visit to paid guest for a range of days, by day, by campaign
 * and by nominating member, each table downloadable as CSV. Read live from the server (no
 * sampling); the chart's library loads with this tab only.
 */
export default function InsightsTab() {
  const [range, setRange] = useState(() => lastDays(90));
  const [campaign, setCampaign] = useState<string | undefined>();
  const [source, setSource] = useState<string | undefined>();
  const [nominatedBy, setNominatedBy] = useState<string | undefined>();
  const problem = rangeProblem(range.from, range.to);
  const filter: InsightsFilter = { ...range, campaign, source, nominatedBy };

  // A range the server would refuse is not asked for: the last good one stays on screen.
  const [asked, setAsked] = useState(filter);
  const key = JSON.stringify(filter);
  if (!problem && key !== JSON.stringify(asked)) setAsked(filter);

  const funnel = useInsightsFunnel(asked);
  const campaigns = useInsightsCampaigns(asked);
  const sponsors = useInsightsSponsors(asked);
  const steps = funnel.data?.data.steps ?? [];
  const days = funnel.data?.data.days ?? [];
  const widest = Math.max(1, ...steps.map((step) => step.count ?? 0));
  const preset = PRESETS.find((p) => {
    const last = lastDays(p.value);
    return last.from === range.from && last.to === range.to;
  });

  const campaignOptions = [
    ...new Set((campaigns.data?.data.rows ?? []).map((row) => row.campaign).filter((c): c is string => Boolean(c))),
  ].map((value) => ({ value, label: value }));
  const sourceOptions = [
    ...new Set((campaigns.data?.data.rows ?? []).map((row) => row.source).filter((s): s is string => Boolean(s))),
  ].map((value) => ({ value, label: value }));
  const sponsorOptions = (sponsors.data?.data.rows ?? []).map((row) => ({
    value: row.memberId,
    label: row.memberName ?? 'A former member',
  }));
  const failed = [funnel, campaigns, sponsors].find((q) => q.isError && q.error.status !== 401);

  return (
    <section aria-label="Insights">
      <div className={styles.toolbar}>
        <div className={styles.group} role="group" aria-label="Range">
          <Segmented
            className={styles.presets}
            aria-label="Last"
            value={preset?.value ?? 0}
            options={[...PRESETS, ...(preset ? [] : [{ label: 'Custom', value: 0 }])]}
            onChange={(value) => {
              if (Number(value) > 0) setRange(lastDays(Number(value)));
            }}
          />
          <Input
            type="date"
            aria-label="From"
            className={styles.date}
            value={range.from}
            max={range.to}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
          />
          <Input
            type="date"
            aria-label="To"
            className={styles.date}
            value={range.to}
            min={range.from}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
          />
        </div>
        <div className={styles.group} role="group" aria-label="Filters">
          <Select
            allowClear
            showSearch
            placeholder="Every source"
            aria-label="Source"
            className={styles.filter}
            value={source}
            onChange={(value?: string) => setSource(value)}
            options={sourceOptions}
          />
          <Select
            allowClear
            showSearch
            placeholder="Every campaign"
            aria-label="Campaign"
            className={styles.filter}
            value={campaign}
            onChange={(value?: string) => setCampaign(value)}
            options={campaignOptions}
          />
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="Anyone nominating"
            aria-label="Nominated by"
            className={styles.filter}
            value={nominatedBy}
            onChange={(value?: string) => setNominatedBy(value)}
            options={sponsorOptions}
          />
        </div>
      </div>

      {problem ? <Alert type="warning" showIcon title={problem} className={styles.error} /> : null}
      {failed?.error ? <Alert type="error" showIcon title={failed.error.message} className={styles.error} /> : null}

      <SectionHead title="Funnel">
        <p className={styles.asOf}>{asOfText(funnel.data?.data.asOf)}</p>
        <CsvButton table="funnel" filter={asked} />
      </SectionHead>
      {funnel.isPending ? (
        <Spin />
      ) : (
        <ol className={styles.funnel} aria-label="From visit to paid">
          {steps.map((step, index) => (
            <li key={step.step} className={styles.step}>
              <p className={styles.stepLabel}>{step.label}</p>
              <p className={styles.stepCount}>{formatCount(step.count)}</p>
              <div className={styles.bar} aria-hidden="true">
                <div className={styles.barFill} style={{ width: `${((step.count ?? 0) / widest) * 100}%` }} />
              </div>
              <p className={styles.stepFacts}>
                {index === 0 ? (
                  asked.nominatedBy ? (
                    'Through this member’s links'
                  ) : (
                    'Unique visitors a day, summed'
                  )
                ) : (
                  <>
                    <strong>{formatConversion(step.conversion)}</strong> of the step before
                  </>
                )}
                {step.medianSeconds !== null ? (
                  <>
                    <br />
                    Median <strong>≈ {formatDuration(step.medianSeconds)}</strong> after sign-up
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ol>
      )}
      <p className={styles.note}>
        The people who signed up from {formatDay(asked.from)} to {formatDay(asked.to)} (UTC), and how far each has gone
        since; visits are counted on the day of the visit, without cookies and without keeping who visited. A person is
        invited when membership is offered or an invitation to an event is sent. Medians are approximate: they are read
        from how many reached each step within an hour, a day, a week and so on.
      </p>

      <section className={styles.section} aria-label="By day">
        <SectionHead title="By day">
          <CsvButton table="days" filter={asked} />
        </SectionHead>
        <div className={styles.chart}>
          {funnel.isPending ? (
            <Spin />
          ) : days.length === 0 ? (
            <EmptyState
              size="small"
              title="Nothing in this range yet."
              description="Choose a longer range, or another filter."
            />
          ) : (
            <Suspense fallback={<Spin />}>
              <DailyChart days={days} />
            </Suspense>
          )}
        </div>
      </section>

      <section className={styles.section} aria-label="By campaign">
        <SectionHead title="By campaign">
          <CsvButton table="campaigns" filter={{ from: asked.from, to: asked.to }} />
        </SectionHead>
        <ResponsiveTable<CampaignRow>
          rowKey={(row) => attributionLabel(row) + (row.medium ?? '')}
          headKey="attribution"
          columns={campaignColumns}
          dataSource={campaigns.data?.data.rows ?? []}
          loading={campaigns.isPending}
          size="middle"
          locale={{
            emptyText: (
              <EmptyState
                size="small"
                title="No visits or sign-ups in this range."
                description="Links carrying utm_source, utm_medium and utm_campaign are counted here."
              />
            ),
          }}
        />
      </section>

      <section className={styles.section} aria-label="By nominating member">
        <SectionHead title="By nominating member">
          <CsvButton table="sponsors" filter={{ from: asked.from, to: asked.to }} />
        </SectionHead>
        <ResponsiveTable<SponsorRow>
          rowKey="memberId"
          headKey="member"
          columns={sponsorColumns}
          dataSource={sponsors.data?.data.rows ?? []}
          loading={sponsors.isPending}
          size="middle"
          locale={{
            emptyText: (
              <EmptyState
                size="small"
                title="No nominations in this range."
                description="A sign-up through a member’s personal link is credited to them here; suspect ones are counted apart, never credited."
              />
            ),
          }}
        />
      </section>
    </section>
  );
}
