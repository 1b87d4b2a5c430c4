import { currencyDigits, formatMoney } from '../events';

/** An option's price (major units, as staff write it) in minor units; computed on the server only. */
export function optionAmount(price: number, currency: string): number {
  const perMajor = currencyDigits(currency) === 0 ? 1 : 100;
  return Math.round(price * perMajor);
}

/** 'EUR 48,000.00': how an amount in minor units reads in messages. */
export function formatMinor(amount: number, currency: string): string {
  const perMajor = currencyDigits(currency) === 0 ? 1 : 100;
  return formatMoney(amount / perMajor, currency.toUpperCase());
}
