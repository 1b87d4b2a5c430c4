import { SERVICE_CATALOGUE, type ServiceCategory, type ServiceSubcategory } from '../../platform/ai/service-catalogue';

export type VendorSubcategory = ServiceSubcategory;
export type VendorCategory = ServiceCategory;

/** Subcategories the business search's guessing rules file vendors under, where the catalogue has none. */
const GUESSED_SUBCATEGORIES: Record<string, VendorSubcategory[]> = {
  hotels: [
    {
      id: 'luxury-hotels',
      name: 'Luxury Hotels',
      description: 'Luxury hotels of every kind, as found by the business search.',
    },
  ],
};

/**
 * The service category catalogue (public-site-and-concierge.md, section 3), the same one the
 * concierge speaks from, plus the subcategories the guessing rules name. Vendors are filed under one
 * category and optionally one of its subcategories; the admin wizard, the public application form
 * and the approval of applications all read this one list.
 */
export const VENDOR_TAXONOMY: readonly VendorCategory[] = SERVICE_CATALOGUE.map((category) => ({
  ...category,
  subcategories: [...category.subcategories, ...(GUESSED_SUBCATEGORIES[category.id] ?? [])],
}));

export function findCategory(id: string | null | undefined): VendorCategory | undefined {
  return VENDOR_TAXONOMY.find((category) => category.id === id);
}

export function isSubcategoryOf(categoryId: string, subcategoryId: string): boolean {
  return !!findCategory(categoryId)?.subcategories.some((sub) => sub.id === subcategoryId);
}

/** The categories a business may tick on the public application form (spec section 9). */
export const APPLICATION_CATEGORIES = [
  'restaurant',
  'hotel',
  'event_space',
  'spa',
  'nightlife',
  'shopping',
  'experience',
  'transportation',
  'art_gallery',
  'entertainment',
  'catering',
  'flowers',
  'photography',
  'music',
  'other',
] as const;
export type ApplicationCategory = (typeof APPLICATION_CATEGORIES)[number];

/** Where an approved application's first category files the new vendor in the taxonomy. */
export const APPLICATION_CATEGORY_TO_TAXONOMY: Record<
  ApplicationCategory,
  { category: string; subcategory: string | null }
> = {
  restaurant: { category: 'restaurants', subcategory: 'fine-dining' },
  hotel: { category: 'hotels', subcategory: 'luxury-hotels' },
  event_space: { category: 'experiences', subcategory: 'private-events' },
  spa: { category: 'wellness', subcategory: 'luxury-spa' },
  nightlife: { category: 'experiences', subcategory: 'vip' },
  shopping: { category: 'fashion', subcategory: 'luxury-retail' },
  experience: { category: 'experiences', subcategory: null },
  transportation: { category: 'transportation', subcategory: null },
  art_gallery: { category: 'other', subcategory: 'art' },
  entertainment: { category: 'experiences', subcategory: 'vip' },
  catering: { category: 'restaurants', subcategory: 'specialty' },
  flowers: { category: 'other', subcategory: 'custom' },
  photography: { category: 'other', subcategory: 'custom' },
  music: { category: 'experiences', subcategory: 'private-events' },
  other: { category: 'other', subcategory: 'custom' },
};
