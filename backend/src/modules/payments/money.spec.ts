import { amountDue, formatAmount, toMinorUnits } from './money';

describe('amounts in minor units', () => {
  it('multiplies the ticket price by the guests in cents', () => {
    expect(amountDue('250.00', 'EUR', 2)).toBe(50000);
    expect(amountDue('19.99', 'USD', 3)).toBe(5997);
    expect(amountDue('0.1', 'GBP', 1)).toBe(10);
    expect(amountDue('0.00', 'USD', 4)).toBe(0);
  });

  it('has no decimals for yen', () => {
    expect(amountDue('12000.00', 'JPY', 2)).toBe(24000);
    expect(toMinorUnits(24000, 'JPY')).toBe(24000);
    expect(toMinorUnits(24000.5, 'JPY')).toBeNull();
    expect(formatAmount(24000, 'JPY')).toBe('JPY 24,000');
  });

  it('reads the amount a page shows without float surprises', () => {
    expect(toMinorUnits(500, 'EUR')).toBe(50000);
    expect(toMinorUnits(59.97, 'USD')).toBe(5997);
    expect(toMinorUnits(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinorUnits(10.001, 'USD')).toBeNull();
    expect(toMinorUnits(-5, 'USD')).toBeNull();
    expect(toMinorUnits(Number.NaN, 'USD')).toBeNull();
    expect(formatAmount(50000, 'EUR')).toBe('EUR 500.00');
    expect(formatAmount(125000, 'USD')).toBe('USD 1,250.00');
  });
});
