import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('amounts', () => {
  it('read as the currency code and the amount with its decimals', () => {
    expect(formatMoney(250, 'EUR')).toBe('EUR 250.00');
    expect(formatMoney(1250.5, 'usd')).toBe('USD 1,250.50');
    expect(formatMoney(99.5, 'GBP')).toBe('GBP 99.50');
  });

  it('have no decimals in yen', () => {
    expect(formatMoney(12000, 'JPY')).toBe('JPY 12,000');
    expect(formatMoney(24000, 'jpy')).toBe('JPY 24,000');
  });
});
