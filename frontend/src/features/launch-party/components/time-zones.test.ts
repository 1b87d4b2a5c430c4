import { describe, expect, it } from 'vitest';
import { COMMON_TIME_ZONES, timeZoneOptions } from './time-zones';

describe('the time zone choices', () => {
  it('offer the common zones first, then every other zone once, readable with spaces', () => {
    const [common, all] = timeZoneOptions();
    expect(common.options.map((o) => o.value)).toEqual(COMMON_TIME_ZONES);
    expect(common.options).toContainEqual({ value: 'America/New_York', label: 'America/New York' });
    const values = all.options.map((o) => o.value);
    expect(values).toContain('Pacific/Auckland');
    expect(values).not.toContain('Europe/Monaco');
    expect(new Set(values).size).toBe(values.length);
  });

  it("offer an event's own zone when the browser does not list it", () => {
    const [, all] = timeZoneOptions('US/Eastern');
    expect(all.options.map((o) => o.value)).toContain('US/Eastern');
    expect(timeZoneOptions('Europe/Monaco')[1].options.map((o) => o.value)).not.toContain('Europe/Monaco');
  });
});
