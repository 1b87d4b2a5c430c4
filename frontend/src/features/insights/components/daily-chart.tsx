import { Line } from '@ant-design/plots';
import { palette } from '../../../app/theme';
import type { FunnelDay } from '../api/insights';

/** The series drawn, in the house's colours: sign-ups bright, the foot of the funnel in gold. */
const SERIES: Array<{ key: keyof FunnelDay; name: string; colour: string }> = [
  { key: 'signedUp', name: 'Signed up', colour: palette.ivory },
  { key: 'confirmed', name: 'Confirmed', colour: 'rgba(244, 238, 227, 0.5)' },
  { key: 'invited', name: 'Offered or invited', colour: palette.goldLight },
  { key: 'paid', name: 'Paid', colour: palette.gold },
];

const AXIS = {
  labelFill: palette.ivory,
  labelFillOpacity: 0.7,
  labelFontSize: 11,
  labelAutoHide: true,
  labelAutoRotate: false,
  lineStroke: 'rgba(244, 238, 227, 0.2)',
  tickStroke: 'rgba(244, 238, 227, 0.2)',
  gridStroke: 'rgba(244, 238, 227, 0.08)',
  gridLineDash: [0, 0],
};

const shortDay = (value: Date) =>
  value.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * The people who signed up each day and how many of them have been confirmed, invited and have
 * paid (visits, on another scale, are in the funnel and the day's CSV). A module of its own,
 * loaded only by the Insights tab: the charting library never reaches the public pages.
 */
export default function DailyChart({ days }: { days: FunnelDay[] }) {
  const data = days.flatMap((day) =>
    SERIES.map((s) => ({ day: new Date(`${day.day}T00:00:00Z`), series: s.name, value: Number(day[s.key] ?? 0) })),
  );
  return (
    <Line
      data={data}
      xField="day"
      yField="value"
      colorField="series"
      height={280}
      autoFit
      theme="classicDark"
      scale={{ color: { domain: SERIES.map((s) => s.name), range: SERIES.map((s) => s.colour) } }}
      style={{ lineWidth: 1.75 }}
      axis={{
        x: { ...AXIS, title: false, labelFormatter: shortDay },
        y: { ...AXIS, title: false, grid: true },
      }}
      legend={{ color: { itemLabelFill: palette.ivory, itemLabelFillOpacity: 0.85, position: 'top' } }}
      tooltip={{ title: (d: { day: Date }) => shortDay(d.day) }}
      viewStyle={{
        viewFill: 'transparent',
        plotFill: 'transparent',
        mainFill: 'transparent',
        contentFill: 'transparent',
      }}
    />
  );
}
