/** How the Insights tab words its figures. */

const DAY_MS = 86_400_000;

export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : value.toLocaleString('en-US');
}

/** A conversion as a percentage of the step before ('—' when there is nothing to divide by). */
export function formatConversion(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const percent = value * 100;
  return `${percent >= 10 || percent === 0 ? percent.toFixed(0) : percent.toFixed(1)}%`;
}

/** A median time from sign-up: minutes, hours or days, as a person would say it. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  if (seconds < 3_600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 2 * 86_400) {
    const hours = Math.round(seconds / 360) / 10;
    return `${hours.toLocaleString('en-US')} h`;
  }
  const days = Math.round(seconds / 8_640) / 10;
  return `${days.toLocaleString('en-US')} days`;
}

/** A UTC day, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The last `days` days up to today (UTC), both ends included. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  return { from: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: utcDay(now) };
}

/** A day as the house writes it: 27 Nov 2026. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A campaign's attribution in one line; what has none is 'Direct or unknown'. */
export function attributionLabel(row: { source: string | null; medium: string | null; campaign: string | null }) {
  const parts = [row.source, row.medium, row.campaign].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : 'Direct or unknown';
}

/** Whether a range is one the server takes: days in order, two years at most. */
export function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose both days of the range.';
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (!(days >= 1)) return 'The start of the range must not be after its end.';
  if (days > 731) return 'Choose a range of two years or less.';
  return null;
}
