/** Currencies without minor units (as the server and Stripe treat them), shown without decimals. */
const ZERO_DECIMAL = new Set(['JPY']);

/** Digits after the decimal point in `currency`: 2, or 0 for yen. */
export function currencyDigits(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

/**
 * How every amount reads, on every page and in the admin: the currency code, then the amount
 * with the currency's own decimals ('EUR 1,250.00', 'JPY 24,000'). The same rule as the emails.
 */
export function formatMoney(amount: number, currency: string | null | undefined): string {
  const code = (currency || 'USD').toUpperCase();
  const digits = currencyDigits(code);
  const number = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${code} ${number.format(amount)}`;
}
