import { describe, expect, it } from 'vitest';
import { amountDue, formatCardNumber, formatCvc, formatExpiry } from './payment-format';

describe('payment page formatting', () => {
  it('computes the fee shown: price times guests', () => {
    expect(amountDue(250, 2, 'EUR')).toBe(500);
    expect(amountDue(19.99, 3, 'USD')).toBe(59.97);
    expect(amountDue(12000, 2, 'JPY')).toBe(24000);
    expect(amountDue(0, 2, 'USD')).toBe(0);
    expect(amountDue(null, 2, 'USD')).toBe(0);
  });

  it('formats card details nicely while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('5')).toBe('05');
    expect(formatExpiry('12')).toBe('12');
    expect(formatCvc('12a34x5')).toBe('1234');
  });
});
