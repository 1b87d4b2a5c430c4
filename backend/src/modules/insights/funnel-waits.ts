/**
 * How long after sign-up a person reached a step, kept as counts in fixed buckets (as a Prometheus
 * histogram does) so a median can be read from the funnel of any range and filter without the
 * people's rows. The buckets are narrow where waits are short (hours), wide where they are long
 * (months); a median is read by linear interpolation within its bucket.
 */
const HOUR = 3_600;
const DAY = 86_400;

/** The upper edges of the buckets, in seconds; the last bucket is open-ended. */
export const WAIT_EDGES = [
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  3 * DAY,
  5 * DAY,
  7 * DAY,
  10 * DAY,
  14 * DAY,
  21 * DAY,
  30 * DAY,
  45 * DAY,
  60 * DAY,
  90 * DAY,
  120 * DAY,
  180 * DAY,
  270 * DAY,
  365 * DAY,
  540 * DAY,
  730 * DAY,
] as const;

/** How many buckets an array of waits holds. */
export const WAIT_BUCKETS = WAIT_EDGES.length + 1;

/** The bucket's SQL (1-based, as arrays are): width_bucket answers 0 below the first edge. */
export function waitBucketSql(seconds: string): string {
  return `(width_bucket(${seconds}, array[${WAIT_EDGES.join(',')}]::double precision[]) + 1)`;
}

/** The median of the counted waits, in seconds, or null when nobody reached the step. */
export function medianWait(counts: readonly number[]): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const half = total / 2;
  let below = 0;
  for (let bucket = 0; bucket < counts.length; bucket += 1) {
    const n = counts[bucket];
    if (n > 0 && below + n >= half) {
      const low = bucket === 0 ? 0 : WAIT_EDGES[bucket - 1];
      // The open last bucket is read as reaching half again past its lower edge.
      const high = bucket < WAIT_EDGES.length ? WAIT_EDGES[bucket] : low * 1.5;
      return Math.round(low + ((half - below) / n) * (high - low));
    }
    below += n;
  }
  return null;
}
