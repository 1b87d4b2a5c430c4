import { Line } from '@ant-design/plots';
import { palette } from '../../../app/theme';
import type { FunnelDay } from '../api/insights';

/** The series drawn, in the house's colours: the top of the funnel bright, its foot in gold. */
const SERIES: Array<{ key: keyof FunnelDay; name: string; colour: string }> = [
  { key: 'visits', name: 'Visits', colour: 'rgba(244, 238, 227, 0.55)' },
  { key: 'signedUp', name: 'Signed up', colour: palette.ivory },
  { key: 'confirmed', name: 'Confirmed', colour: palette.goldLight },
  { key: 'paid', name: 'Paid', colour: palette.gold },
];

const AXIS = {
  labelFill: palette.ivory,
  labelFillOpacity: 0.7,
  labelFontSize: 11,
  lineStroke: 'rgba(244, 238, 227, 0.2)',
  tickStroke: 'rgba(244, 238, 227, 0.2)',
  gridStroke: 'rgba(244, 238, 227, 0.08)',
  gridLineDash: [0, 0],
  titleFill: palette.ivory,
};

/**
 * Visits, sign-ups, confirmations and payments by day (each by the day the person signed up, and
 * visits by the day of the visit). A module of its own, loaded only by the Insights tab: the
 * charting library never reaches the public pages.
 */
export default function DailyChart({ days }: { days: FunnelDay[] }) {
  const series = SERIES;
  const data = days.flatMap((day) =>
    series.map((s) => ({ day: day.day, series: s.name, value: Number(day[s.key] ?? 0) })),
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
      scale={{ color: { domain: series.map((s) => s.name), range: series.map((s) => s.colour) } }}
      style={{ lineWidth: 2 }}
      axis={{ x: { ...AXIS, title: false }, y: { ...AXIS, title: false, grid: true } }}
      legend={{ color: { itemLabelFill: palette.ivory, itemLabelFillOpacity: 0.85, position: 'top' } }}
      viewStyle={{
        viewFill: 'transparent',
        plotFill: 'transparent',
        mainFill: 'transparent',
        contentFill: 'transparent',
      }}
    />
  );
}
