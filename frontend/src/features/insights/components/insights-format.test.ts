import { describe, expect, it } from 'vitest';
import {
  attributionLabel,
  formatConversion,
  formatDay,
  formatDuration,
  lastDays,
  rangeProblem,
} from './insights-format';

describe('insights figures', () => {
  it('words conversions as percentages, and nothing to divide by as a dash', () => {
    expect(formatConversion(0.5)).toBe('50%');
    expect(formatConversion(0.0425)).toBe('4.3%');
    expect(formatConversion(0)).toBe('0%');
    expect(formatConversion(null)).toBe('—');
  });

  it('words a median as minutes, hours or days', () => {
    expect(formatDuration(90)).toBe('2 min');
    expect(formatDuration(7_200)).toBe('2 h');
    expect(formatDuration(3 * 86_400 + 43_200)).toBe('3.5 days');
    expect(formatDuration(null)).toBe('—');
  });

  it('reads ranges as UTC days, both ends included', () => {
    expect(lastDays(7, new Date('2026-11-27T23:30:00Z'))).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(formatDay('2026-11-27')).toBe('27 Nov 2026');
    expect(rangeProblem('2026-11-27', '2026-11-27')).toBeNull();
    expect(rangeProblem('2026-11-28', '2026-11-27')).toMatch(/must not be after its end/);
    expect(rangeProblem('2020-01-01', '2026-11-27')).toMatch(/two years or less/);
    expect(rangeProblem('', '2026-11-27')).toMatch(/both days/);
  });

  it('names a campaign by its attribution, or as direct', () => {
    expect(attributionLabel({ source: 'instagram', medium: null, campaign: 'riviera' })).toBe('instagram · riviera');
    expect(attributionLabel({ source: null, medium: null, campaign: null })).toBe('Direct or unknown');
  });
});
