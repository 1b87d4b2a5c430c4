import { formatMoney } from '@maison/shared';

export { formatGuestCount as guestsLabel } from '@maison/shared';

export function formatTicket(price: number, currency: string): string {
  return price > 0 ? `${formatMoney(price, currency)} per guest` : 'Complimentary';
}
