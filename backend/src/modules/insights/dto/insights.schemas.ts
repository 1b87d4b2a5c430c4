import { dataOnly, schema, t } from '../../../common/api-schema';
import { FUNNEL_STEPS } from '../insights-views';

const counts = {
  signedUp: t.integer(),
  confirmed: t.integer(),
  invited: t.integer(),
  attending: t.integer(),
  came: t.integer(),
  paid: t.integer(),
};

/** The range read, and when the funnel was last rebuilt (null before the first time). */
const RANGE = { from: t.date(), to: t.date(), asOf: t.nullable(t.dateTime()) };

export const INSIGHTS_FUNNEL = schema(
  'InsightsFunnel',
  dataOnly(
    t.object({
      ...RANGE,
      steps: t.array(
        t.object({
          step: t.oneOf(FUNNEL_STEPS),
          label: t.string(),
          count: t.nullable(t.integer()),
          conversion: t.nullable(t.number()),
          medianSeconds: t.nullable(t.number()),
        }),
      ),
      days: t.array(t.object({ day: t.date(), visits: t.nullable(t.integer()), ...counts })),
    }),
  ),
);

export const INSIGHTS_CAMPAIGNS = schema(
  'InsightsCampaigns',
  dataOnly(
    t.object({
      ...RANGE,
      rows: t.array(
        t.object({
          source: t.nullable(t.string()),
          medium: t.nullable(t.string()),
          campaign: t.nullable(t.string()),
          visits: t.integer(),
          ...counts,
        }),
      ),
    }),
  ),
);

const SPONSOR = t.object({
  memberId: t.string({ format: 'uuid' }),
  memberName: t.nullable(t.string()),
  visits: t.integer(),
  suspect: t.integer(),
  ...counts,
});

export const INSIGHTS_SPONSORS = schema('InsightsSponsors', dataOnly(t.object({ ...RANGE, rows: t.array(SPONSOR) })));

export const INSIGHTS_SPONSOR = schema('InsightsSponsor', dataOnly(t.object({ ...RANGE, sponsor: SPONSOR })));
