import { formatMoney } from '../../../lib/money';
import type { Currency } from '../api/types';

export const INVALID_DATE = 'Invalid date';

/** A calendar day 'YYYY-MM-DD' (or a timestamp) as 'Dec 12, 2026'; anything unreadable is 'Invalid date'. */
export function formatEventDate(value: string | null | undefined): string {
  if (!value) return INVALID_DATE;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return INVALID_DATE;
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(day ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** A moment (e.g. sentAt) in the admin's local time; unreadable is 'Invalid date'. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return INVALID_DATE;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return INVALID_DATE;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * 'Free' when 0, else currency and amount with 2 decimals ('EUR 250.00'), as the spec has it; yen,
 * which has no minor unit (the server refuses fractional yen), shows none: 'JPY 12,000'.
 */
export function formatPrice(price: number | string | null | undefined, currency: Currency | string): string {
  const amount = Number(price ?? 0);
  if (!Number.isFinite(amount) || amount <= 0) return 'Free';
  return formatMoney(amount, currency);
}

export function formatEventType(type: string): string {
  return type
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function guestsLabel(count: number): string {
  return `${count} ${count === 1 ? 'Guest' : 'Guests'}`;
}
