import { currencyDigits } from '@maison/shared';

/** The amount due for the page: price times guests, rounded to the currency's minor unit. */
export function amountDue(ticketPrice: number | null | undefined, guestCount: number, currency: string): number {
  const price = Number(ticketPrice ?? 0);
  if (!Number.isFinite(price) || price <= 0) return 0;
  const unit = 10 ** currencyDigits(currency);
  return Math.round(price * unit * Math.max(guestCount, 1)) / unit;
}

/** '4242 4242 4242 4242' as the guest types (19 digits at most). */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 'MM / YY' as the guest types; a lone first digit above 1 becomes '0N'. */
export function formatExpiry(value: string): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
