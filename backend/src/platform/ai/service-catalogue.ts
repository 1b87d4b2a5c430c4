/** The fixed service category catalogue of the spec (section 3). */
export interface ServiceSubcategory {
  id: string;
  name: string;
  description: string;
}

export interface ServiceCategory {
  id: string;
  name: string;
  description: string;
  subcategories: ServiceSubcategory[];
}

export const SERVICE_CATALOGUE: ServiceCategory[] = [
  {
    id: 'restaurants',
    name: 'Restaurants & Dining',
    description: 'The most coveted tables, private dining and chefs at home.',
    subcategories: [
      { id: 'fine-dining', name: 'Fine Dining', description: 'Celebrated restaurants and chef’s tables.' },
      { id: 'bistro', name: 'Bistro', description: 'Intimate neighbourhood favourites.' },
      { id: 'specialty', name: 'Specialty', description: 'Omakase counters, tasting menus and rare cuisines.' },
      { id: 'michelin', name: 'Michelin', description: 'Michelin-starred tables, secured on short notice.' },
    ],
  },
  {
    id: 'hotels',
    name: 'Luxury Accommodations',
    description: 'Suites, villas and residences with service to match.',
    subcategories: [
      { id: 'five-star', name: 'Five-Star Hotels', description: 'The finest suites, with upgrades and amenities.' },
      { id: 'boutique', name: 'Boutique Hotels', description: 'Small, characterful addresses.' },
      { id: 'resorts', name: 'Resorts', description: 'Island and mountain resorts with everything on site.' },
      { id: 'villas', name: 'Villas', description: 'Private villas, chalets and penthouses, fully staffed.' },
    ],
  },
  {
    id: 'wellness',
    name: 'Wellness & Spa',
    description: 'Restoration, from a single treatment to a full retreat.',
    subcategories: [
      { id: 'luxury-spa', name: 'Luxury Spa', description: 'Signature treatments in private spa suites.' },
      { id: 'wellness-retreat', name: 'Wellness Retreat', description: 'Programmes for sleep, detox and longevity.' },
      { id: 'medical-spa', name: 'Medical Spa', description: 'Check-ups and treatments under medical care.' },
      { id: 'fitness', name: 'Fitness', description: 'Personal trainers, yoga and Pilates teachers.' },
    ],
  },
  {
    id: 'fashion',
    name: 'Fashion & Retail',
    description: 'Private appointments, stylists and bespoke pieces.',
    subcategories: [
      { id: 'haute-couture', name: 'Haute Couture', description: 'Couture houses and private fittings.' },
      { id: 'luxury-retail', name: 'Luxury Retail', description: 'Flagship boutiques after hours.' },
      { id: 'bespoke', name: 'Bespoke', description: 'Tailoring, shoemaking and made-to-measure.' },
      { id: 'jewelry', name: 'Jewelry', description: 'Fine jewellery and watches, including pieces not on display.' },
    ],
  },
  {
    id: 'experiences',
    name: 'Exclusive Experiences',
    description: 'Events, access and moments that cannot be bought off the shelf.',
    subcategories: [
      {
        id: 'private-events',
        name: 'Private Events',
        description: 'Parties, weddings and celebrations, produced end to end.',
      },
      { id: 'adventure', name: 'Adventure', description: 'Safaris, heli-skiing, diving and expeditions.' },
      { id: 'cultural', name: 'Cultural', description: 'Opera, museums and performances with privileged access.' },
      { id: 'vip', name: 'VIP Access', description: 'Hospitality at the Grand Prix, finals, premieres and shows.' },
    ],
  },
  {
    id: 'transportation',
    name: 'Premium Transportation',
    description: 'Door to door, by air, sea and road.',
    subcategories: [
      { id: 'private-jet', name: 'Private Jet', description: 'Jets bookable with as little as 6 hours notice.' },
      { id: 'yacht', name: 'Yacht', description: 'Crewed yachts by the day or the week.' },
      { id: 'car-service', name: 'Car Service', description: 'Chauffeurs and airport transfers.' },
      { id: 'exotic-cars', name: 'Exotic Cars', description: 'Supercars delivered to your door.' },
    ],
  },
  {
    id: 'other',
    name: 'Other Luxury Services',
    description: 'Everything else, handled with the same care.',
    subcategories: [
      { id: 'concierge', name: 'Concierge', description: 'Gifts, errands, staffing and security.' },
      { id: 'art', name: 'Art', description: 'Gallery viewings, advisors and auctions.' },
      { id: 'wine-spirits', name: 'Wine & Spirits', description: 'Rare bottles, cellars and tastings.' },
      { id: 'custom', name: 'Custom', description: 'Whatever you have in mind.' },
    ],
  },
];

export function catalogueCategory(id: string): ServiceCategory | undefined {
  return SERVICE_CATALOGUE.find((c) => c.id === id);
}
