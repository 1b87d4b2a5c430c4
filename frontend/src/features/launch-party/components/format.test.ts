import { describe, expect, it } from 'vitest';
import { formatDateTime, formatEventDate, formatEventType, formatPrice } from './format';

describe('launch party formatting', () => {
  it('shows a calendar day without shifting it across time zones', () => {
    expect(formatEventDate('2026-12-12')).toBe('Dec 12, 2026');
  });

  it("shows 'Invalid date' for dates that cannot be read", () => {
    expect(formatEventDate('not a date')).toBe('Invalid date');
    expect(formatEventDate('')).toBe('Invalid date');
    expect(formatEventDate(null)).toBe('Invalid date');
    expect(formatDateTime('yesterday-ish')).toBe('Invalid date');
  });

  it("shows 'Free' for a price of 0, else the currency and 2 decimals", () => {
    expect(formatPrice(0, 'USD')).toBe('Free');
    expect(formatPrice(250, 'EUR')).toBe('EUR 250.00');
    expect(formatPrice('99.5', 'GBP')).toBe('GBP 99.50');
    expect(formatPrice(1250, 'USD')).toBe('USD 1,250.00');
    // Yen has no minor unit: no decimals, as on the guest's pages.
    expect(formatPrice(12000, 'JPY')).toBe('JPY 12,000');
  });

  it('names event types for people', () => {
    expect(formatEventType('launch_party')).toBe('Launch Party');
  });
});
