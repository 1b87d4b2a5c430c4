import type { DirectoryVendor, MessageCategory } from '../../platform/ai/types';
import { fold, type Place } from './places';

/** Vendor categories (the service catalogue's ids) that serve each topic. */
export const PARTNER_CATEGORIES: Record<MessageCategory, string[]> = {
  travel: ['hotels', 'transportation', 'experiences'],
  dining: ['restaurants'],
  property: ['hotels'],
  events: ['experiences'],
  wellness: ['wellness'],
  fashion: ['fashion'],
  transportation: ['transportation'],
  art: ['other'],
  concierge: ['other', 'experiences'],
  default: [],
};

/** "Saint-Moritz", "st. moritz" and "St Moritz" all read " saint moritz ". */
function normalise(text: string): string {
  const words = fold(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => (word === 'st' || word === 'ste' ? 'saint' : word));
  return ` ${words.join(' ')} `;
}

/**
 * The partners a reply may suggest: of a category that serves the request's topic, and in its
 * place. With no place known, none: a dinner asked for nowhere in particular is not the moment for
 * a tailor in Paris.
 */
export function partnersThatFit(
  vendors: DirectoryVendor[],
  topic: MessageCategory,
  place: Place | null,
): DirectoryVendor[] {
  if (!place) return [];
  const categories = PARTNER_CATEGORIES[topic];
  const spellings = [place.name, ...place.spellings].map(normalise).filter((s) => s.trim() !== '');
  return vendors.filter((vendor) => {
    if (!categories.includes(vendor.category)) return false;
    // A country or region is checked by the directory (it knows the vendor's country); a city here.
    if (place.kind !== 'city' || !vendor.city) return place.kind !== 'city';
    const city = normalise(vendor.city);
    return spellings.some((s) => city.includes(s) || s.includes(city));
  });
}
