/** The p-th percentile (nearest rank) of the finite values; NaN when there are none. */
export function percentile(values, p) {
  const sorted = Array.from(values)
    .filter((v) => v !== null && Number.isFinite(v))
    .sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
