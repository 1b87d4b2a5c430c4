/**
 * The service category catalogue (public-site-and-concierge.md, section 3). Vendors are filed
 * under one category and optionally one of its subcategories; the admin wizard, the concierge and
 * the approval of applications all read this one list.
 */
export interface VendorSubcategory {
  id: string;
  name: string;
  description: string;
}

export interface VendorCategory extends VendorSubcategory {
  subcategories: VendorSubcategory[];
}

export const VENDOR_TAXONOMY: readonly VendorCategory[] = [
  {
    id: 'restaurants',
    name: 'Restaurants & Dining',
    description: 'The most coveted tables, from Michelin-starred dining rooms to intimate chef-led bistros.',
    subcategories: [
      { id: 'fine-dining', name: 'Fine Dining', description: 'Tasting menus and white-tablecloth service.' },
      { id: 'bistro', name: 'Bistro', description: 'Intimate, chef-driven neighbourhood tables.' },
      { id: 'specialty', name: 'Specialty Cuisine', description: 'Omakase counters, caviar bars and singular cuisines.' },
      { id: 'michelin', name: 'Michelin Starred', description: 'Restaurants holding one to three Michelin stars.' },
    ],
  },
  {
    id: 'hotels',
    name: 'Luxury Accommodations',
    description: 'Palace hotels, boutique addresses, resorts and private villas around the world.',
    subcategories: [
      { id: 'five-star', name: 'Five-Star Hotels', description: 'Grand hotels with palace-level service.' },
      { id: 'boutique', name: 'Boutique Hotels', description: 'Small, design-led hotels with character.' },
      { id: 'resorts', name: 'Resorts', description: 'Destination resorts by the sea, in the mountains or the desert.' },
      { id: 'villas', name: 'Villas & Chalets', description: 'Private villas, chalets and penthouses with staff.' },
      { id: 'luxury-hotels', name: 'Luxury Hotels', description: 'Luxury hotels of every kind, as found by the business search.' },
    ],
  },
  {
    id: 'wellness',
    name: 'Wellness & Spa',
    description: 'Spas, retreats and longevity clinics for restoration of body and mind.',
    subcategories: [
      { id: 'luxury-spa', name: 'Luxury Spa', description: 'Hotel and day spas with signature treatments.' },
      { id: 'wellness-retreat', name: 'Wellness Retreat', description: 'Residential programmes for rest and renewal.' },
      { id: 'medical-spa', name: 'Medical Spa', description: 'Clinics for longevity, aesthetics and diagnostics.' },
      { id: 'fitness', name: 'Fitness', description: 'Private trainers, clubs and performance coaching.' },
    ],
  },
  {
    id: 'fashion',
    name: 'Fashion & Retail',
    description: 'Couture houses, flagship boutiques, bespoke tailoring and fine jewellery.',
    subcategories: [
      { id: 'haute-couture', name: 'Haute Couture', description: 'Couture houses and private fittings.' },
      { id: 'luxury-retail', name: 'Luxury Retail', description: 'Flagship boutiques and private shopping.' },
      { id: 'bespoke', name: 'Bespoke', description: 'Made-to-measure tailoring, shoes and leather goods.' },
      { id: 'jewelry', name: 'Jewelry', description: 'High jewellery and watchmakers.' },
    ],
  },
  {
    id: 'experiences',
    name: 'Exclusive Experiences',
    description: 'Private events, adventures, cultural access and VIP moments money rarely buys.',
    subcategories: [
      { id: 'private-events', name: 'Private Events', description: 'Venues and producers for private celebrations.' },
      { id: 'adventure', name: 'Adventure', description: 'Expeditions, heli-skiing, safaris and diving.' },
      { id: 'cultural', name: 'Cultural', description: 'After-hours museums, ateliers and private performances.' },
      { id: 'vip', name: 'VIP Access', description: 'Front rows, paddocks, premieres and members-only clubs.' },
    ],
  },
  {
    id: 'transportation',
    name: 'Premium Transportation',
    description: 'Private aviation, yachts, chauffeurs and exceptional cars.',
    subcategories: [
      { id: 'private-jet', name: 'Private Jet', description: 'Jet charter bookable at six hours notice.' },
      { id: 'yacht', name: 'Yacht', description: 'Crewed yacht charters and day cruises.' },
      { id: 'car-service', name: 'Car Service', description: 'Chauffeured cars and airport transfers.' },
      { id: 'exotic-cars', name: 'Exotic Cars', description: 'Supercar and classic car rentals.' },
    ],
  },
  {
    id: 'other',
    name: 'Other Luxury Services',
    description: 'Everything else a discerning member may ask for.',
    subcategories: [
      { id: 'concierge', name: 'Concierge', description: 'Lifestyle managers and specialist fixers.' },
      { id: 'art', name: 'Art', description: 'Galleries, advisors and private collections.' },
      { id: 'wine-spirits', name: 'Wine & Spirits', description: 'Rare vintages, cellars and private tastings.' },
      { id: 'custom', name: 'Custom', description: 'Bespoke requests of every other kind.' },
    ],
  },
];

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
export const APPLICATION_CATEGORY_TO_TAXONOMY: Record<ApplicationCategory, { category: string; subcategory: string | null }> = {
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
