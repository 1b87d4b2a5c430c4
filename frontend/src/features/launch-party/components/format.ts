import { formatMoney } from '@maison/shared';
import type { Currency } from '../api/types';

/**
 * A calendar day 'YYYY-MM-DD' (or a timestamp) as 'Dec 12, 2026'; a moment (e.g. sentAt) as
 * 'Dec 12, 2026 at 20:15' in the admin's local time; an event's hours as '19:00 – 23:00 CET', on
 * the venue's clock. Unreadable is 'Invalid date'.
 */
export { formatDate as formatEventDate, formatDateTime, formatEventTime } from '@maison/shared';

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
