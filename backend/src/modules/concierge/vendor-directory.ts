import { Injectable, Logger } from '@nestjs/common';
import { fold, type Place } from '../concierge-language';
import type { DirectoryVendor, MessageCategory } from '../../platform/ai/types';
import { VendorsService } from '../vendors';

/** The partners a concierge reply may recommend. */
export abstract class VendorDirectory {
  abstract findActive(topic: MessageCategory, place: Place | null, limit?: number): Promise<DirectoryVendor[]>;
}

/** Vendor categories (the service catalogue's ids) that serve each message topic. */
const CATEGORIES_FOR: Record<MessageCategory, string[]> = {
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

/** One name within the other, on word boundaries: "Miami Beach" serves Miami, "Paris 8e" serves Paris. */
function overlaps(a: string, b: string): boolean {
  return a.trim() !== '' && b.trim() !== '' && (a.includes(b) || b.includes(a));
}

/** Whether a vendor serves the place: its city names the place (in any spelling), or its country is the place. */
export function servesPlace(vendor: { city: string | null; country: string | null }, place: Place): boolean {
  const spellings = [place.name, ...place.spellings].map(normalise);
  if (place.kind === 'country') {
    return vendor.country !== null && spellings.some((s) => s === normalise(vendor.country!));
  }
  if (!vendor.city) return false;
  const city = normalise(vendor.city);
  return spellings.some((s) => overlaps(city, s));
}

/**
 * The active partners of the directory, read through the vendors module's service (the vendors
 * module owns the table). A reply without recommendations beats no reply, so a failure here is
 * logged and reads as "no partners".
 */
@Injectable()
export class PartnerDirectory extends VendorDirectory {
  private readonly logger = new Logger(PartnerDirectory.name);

  constructor(private readonly vendors: VendorsService) {
    super();
  }

  async findActive(topic: MessageCategory, place: Place | null, limit = 3): Promise<DirectoryVendor[]> {
    const categories = CATEGORIES_FOR[topic];
    if (categories.length === 0) return [];
    try {
      return (await this.vendors.listActive({ categories, limit: 500 }))
        .filter((vendor) => !place || servesPlace(vendor, place))
        .slice(0, limit)
        .map((vendor) => ({
          name: vendor.name,
          category: vendor.category,
          city: vendor.city,
          description: vendor.description,
        }));
    } catch (error) {
      this.logger.warn(`Vendor directory unavailable: ${(error as Error).message}`);
      return [];
    }
  }
}
