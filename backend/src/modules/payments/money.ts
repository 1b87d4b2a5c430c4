import { currencyDigits, formatMoney } from '../events';

export function minorUnitsPerMajor(currency: string): number {
  return currencyDigits(currency) === 0 ? 1 : 100;
}

/**
 * The amount due in minor units: ticket price (numeric(12,2) text such as '250.00') times guests.
 * Computed on exact integers, never on floats.
 */
export function amountDue(ticketPrice: string, currency: string, guestCount: number): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(ticketPrice).trim());
  if (!match) throw new Error(`Unreadable ticket price "${ticketPrice}"`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  const perTicket = minorUnitsPerMajor(currency) === 1 ? Math.round(cents / 100) : cents;
  return perTicket * guestCount;
}

/** A client's major-unit amount (500 or 500.00) in minor units; null when it cannot be one. */
export function toMinorUnits(amount: number, currency: string): number | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) return null;
  const minor = amount * minorUnitsPerMajor(currency);
  const rounded = Math.round(minor);
  return Math.abs(minor - rounded) < 1e-6 ? rounded : null;
}

export function toMajorUnits(minor: number, currency: string): number {
  return minor / minorUnitsPerMajor(currency);
}

/** 'EUR 500.00', 'JPY 12,000': how amounts read in messages. */
export function formatAmount(minor: number, currency: string): string {
  return formatMoney(toMajorUnits(minor, currency), currency);
}
