import { LUXURY_PLACES, type LuxuryPlace, type LuxuryPlaceKind } from './luxury-places.data';
import {
  distanceMetres,
  normalizeText,
  type AddressComponent,
  type PlaceDetails,
  type PlacePrediction,
  type PlaceSearchQuery,
  type PlacesProvider,
} from './places-provider';

/** A business of our own vendor directory, as the places search sees it. */
export interface DirectoryPlace {
  id: number;
  name: string;
  category: string;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  country?: string | null;
  website?: string | null;
  contactPhone?: string | null;
  lat?: number | null;
  lng?: number | null;
}

/** The vendor directory, read by the local provider (implemented by the vendors module). */
export interface PlaceDirectory {
  search(text: string): Promise<DirectoryPlace[]>;
  find(id: number): Promise<DirectoryPlace | null>;
}

export const PLACE_DIRECTORY = Symbol('PLACE_DIRECTORY');

const TYPES_BY_KIND: Record<LuxuryPlaceKind, string[]> = {
  hotel: ['lodging', 'point_of_interest', 'establishment'],
  restaurant: ['restaurant', 'food', 'point_of_interest', 'establishment'],
  spa: ['spa', 'beauty_salon', 'point_of_interest', 'establishment'],
  boutique: ['clothing_store', 'store', 'point_of_interest', 'establishment'],
  jeweller: ['jewelry_store', 'store', 'point_of_interest', 'establishment'],
};

/** Words people type for a kind of place ('hotel paris', 'spa london'). */
const KIND_WORDS: Record<LuxuryPlaceKind, string> = {
  hotel: 'hotel hotels lodging stay palace resort',
  restaurant: 'restaurant restaurants dining food michelin',
  spa: 'spa spas wellness beauty',
  boutique: 'boutique shop shopping store fashion retail',
  jeweller: 'jewelry jewellery jeweller jeweler boutique shop store',
};

const TYPES_BY_VENDOR_CATEGORY: Record<string, LuxuryPlaceKind> = {
  hotels: 'hotel',
  restaurants: 'restaurant',
  wellness: 'spa',
  fashion: 'boutique',
};

interface Candidate {
  placeId: string;
  name: string;
  street: string;
  city: string;
  country: string;
  postalCode: string;
  kindWords: string;
  types: string[];
  location?: { lat: number; lng: number };
}

const MAX_RESULTS = 8;

function streetOf(place: LuxuryPlace): string {
  return [place.streetNumber, place.route].filter(Boolean).join(' ');
}

function fromLuxury(place: LuxuryPlace): Candidate {
  return {
    placeId: `local:${place.slug}`,
    name: place.name,
    street: streetOf(place),
    city: place.city,
    country: place.country[0],
    postalCode: place.postalCode,
    kindWords: KIND_WORDS[place.kind],
    types: TYPES_BY_KIND[place.kind],
    location: { lat: place.lat, lng: place.lng },
  };
}

function fromDirectory(vendor: DirectoryPlace): Candidate {
  const kind = TYPES_BY_VENDOR_CATEGORY[vendor.category];
  return {
    placeId: `vendor:${vendor.id}`,
    name: vendor.name,
    street: vendor.address ?? '',
    city: vendor.city ?? '',
    country: vendor.country ?? '',
    postalCode: vendor.zipCode ?? '',
    kindWords: kind ? KIND_WORDS[kind] : vendor.category,
    types: kind ? TYPES_BY_KIND[kind] : ['point_of_interest', 'establishment'],
    location: vendor.lat != null && vendor.lng != null ? { lat: vendor.lat, lng: vendor.lng } : undefined,
  };
}

function words(value: string): string[] {
  return normalizeText(value).split(' ').filter(Boolean);
}

/**
 * How well a candidate matches the typed text: every typed word must start a word of the name,
 * city, street, postcode or kind; name matches weigh most, then city. Null when a word matches nothing.
 */
export function textScore(candidate: Candidate, input: string): number | null {
  const tokens = words(input);
  if (tokens.length === 0) return null;
  const name = words(candidate.name);
  const city = words(`${candidate.city} ${candidate.country}`);
  const street = words(`${candidate.street} ${candidate.postalCode}`);
  const kind = words(candidate.kindWords);
  let score = 0;
  for (const token of tokens) {
    const starts = (list: string[]) => list.some((word) => word.startsWith(token));
    const exact = (list: string[]) => list.includes(token);
    if (exact(name)) score += 5;
    else if (starts(name)) score += 4;
    else if (exact(city)) score += 3;
    else if (starts(city)) score += 2.5;
    else if (starts(street)) score += 1.5;
    else if (starts(kind)) score += 1;
    else return null;
  }
  const fullName = normalizeText(candidate.name);
  const typed = normalizeText(input);
  if (fullName === typed) score += 10;
  else if (fullName.startsWith(typed)) score += 6;
  return score;
}

function toPrediction(candidate: Candidate): PlacePrediction {
  const secondary = [candidate.street, candidate.city, candidate.country].filter(Boolean).join(', ');
  return {
    place_id: candidate.placeId,
    description: [candidate.name, secondary].filter(Boolean).join(', '),
    structured_formatting: { main_text: candidate.name, secondary_text: secondary },
    types: candidate.types,
  };
}

/**
 * The default provider, offline: our own vendor directory plus a bundled list of notable luxury
 * places, searched by name and city, ranked by text match and then by distance from the caller's
 * location (closer within the radius ranks higher).
 */
export class LocalPlacesProvider implements PlacesProvider {
  readonly name = 'local' as const;
  private readonly bundled = LUXURY_PLACES.map(fromLuxury);

  constructor(private readonly directory: PlaceDirectory) {}

  async search(query: PlaceSearchQuery): Promise<PlacePrediction[]> {
    const vendors = (await this.directory.search(query.input)).map(fromDirectory);
    const ranked: Array<{ candidate: Candidate; score: number; distance: number }> = [];
    for (const candidate of [...vendors, ...this.bundled]) {
      const score = textScore(candidate, query.input);
      if (score === null) continue;
      let distance = Number.POSITIVE_INFINITY;
      let total = score;
      if (query.location && candidate.location) {
        distance = distanceMetres(query.location, candidate.location);
        if (distance <= query.radius) total += 4 * (1 - distance / query.radius);
      }
      ranked.push({ candidate, score: total, distance });
    }
    ranked.sort(
      (a, b) => b.score - a.score || a.distance - b.distance || a.candidate.name.localeCompare(b.candidate.name),
    );
    return ranked.slice(0, MAX_RESULTS).map((entry) => toPrediction(entry.candidate));
  }

  async details(placeId: string): Promise<PlaceDetails | null> {
    if (placeId.startsWith('local:')) {
      const place = LUXURY_PLACES.find((p) => `local:${p.slug}` === placeId);
      return place ? luxuryDetails(place) : null;
    }
    const vendorMatch = /^vendor:(\d{1,9})$/.exec(placeId);
    if (vendorMatch) {
      const vendor = await this.directory.find(Number(vendorMatch[1]));
      return vendor ? directoryDetails(vendor) : null;
    }
    return null;
  }
}

function luxuryDetails(place: LuxuryPlace): PlaceDetails {
  const components: AddressComponent[] = [];
  if (place.streetNumber)
    components.push({ long_name: place.streetNumber, short_name: place.streetNumber, types: ['street_number'] });
  components.push({ long_name: place.route, short_name: place.route, types: ['route'] });
  components.push({ long_name: place.city, short_name: place.city, types: ['locality', 'political'] });
  components.push({
    long_name: place.state[0],
    short_name: place.state[1],
    types: ['administrative_area_level_1', 'political'],
  });
  components.push({ long_name: place.country[0], short_name: place.country[1], types: ['country', 'political'] });
  if (place.postalCode)
    components.push({ long_name: place.postalCode, short_name: place.postalCode, types: ['postal_code'] });
  const formatted = [streetOf(place), [place.postalCode, place.city].filter(Boolean).join(' '), place.country[0]]
    .filter(Boolean)
    .join(', ');
  return {
    name: place.name,
    formatted_address: formatted,
    ...(place.website ? { website: place.website } : {}),
    address_components: components,
    geometry: { location: { lat: place.lat, lng: place.lng } },
  };
}

function directoryDetails(vendor: DirectoryPlace): PlaceDetails {
  const components: AddressComponent[] = [];
  if (vendor.address) components.push({ long_name: vendor.address, short_name: vendor.address, types: ['route'] });
  if (vendor.city)
    components.push({ long_name: vendor.city, short_name: vendor.city, types: ['locality', 'political'] });
  if (vendor.state)
    components.push({
      long_name: vendor.state,
      short_name: vendor.state,
      types: ['administrative_area_level_1', 'political'],
    });
  if (vendor.country)
    components.push({ long_name: vendor.country, short_name: vendor.country, types: ['country', 'political'] });
  if (vendor.zipCode)
    components.push({ long_name: vendor.zipCode, short_name: vendor.zipCode, types: ['postal_code'] });
  const formatted = [
    vendor.address,
    [vendor.zipCode, vendor.city].filter(Boolean).join(' '),
    vendor.state,
    vendor.country,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    name: vendor.name,
    formatted_address: formatted,
    ...(vendor.website ? { website: vendor.website } : {}),
    ...(vendor.contactPhone ? { international_phone_number: vendor.contactPhone } : {}),
    address_components: components,
    ...(vendor.lat != null && vendor.lng != null
      ? { geometry: { location: { lat: vendor.lat, lng: vendor.lng } } }
      : {}),
  };
}
