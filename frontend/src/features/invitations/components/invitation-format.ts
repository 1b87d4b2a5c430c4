import { formatMoney } from '../../../lib/money';

export { formatTimeRange } from '../../../lib/event-time';

export function guestsLabel(count: number): string {
  return `${count} ${count === 1 ? 'Guest' : 'Guests'}`;
}

export function formatTicket(price: number, currency: string): string {
  return price > 0 ? `${formatMoney(price, currency)} per guest` : 'Complimentary';
}
