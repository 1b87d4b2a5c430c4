import type { PlaceDetails, PlacePrediction, TaxonomyCategory } from '../api/types';

export const DEFAULT_COUNTRY = 'United States';

function component(details: PlaceDetails, type: string): { long: string; short: string } | null {
  const found = details.address_components.find((c) => c.types.includes(type));
  return found ? { long: found.long_name, short: found.short_name } : null;
}

export interface PlaceAddress {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  location: { lat: number; lng: number } | null;
}

/**
 * The spec's place-choice rules: street is street number plus route, else the formatted address;
 * city from the locality, state from the level-1 area's short name, ZIP from the postal code.
 */
export function addressFromPlace(details: PlaceDetails): PlaceAddress {
  const number = component(details, 'street_number')?.long ?? '';
  const route = component(details, 'route')?.long ?? '';
  const street = route ? [number, route].filter(Boolean).join(' ') : details.formatted_address;
  return {
    street,
    city: component(details, 'locality')?.long ?? component(details, 'postal_town')?.long ?? '',
    state: component(details, 'administrative_area_level_1')?.short ?? '',
    zipCode: component(details, 'postal_code')?.long ?? '',
    country: component(details, 'country')?.long ?? '',
    location: details.geometry?.location ?? null,
  };
}

export interface PublicFormPlaceFields {
  name: string;
  website: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  placeId: string | null;
  location: { lat: number; lng: number } | null;
}

/**
 * Fills the public form from a chosen place: the address fields always; name, website and phone
 * only while still empty; location and placeId only when the place has coordinates.
 */
export function fillFromPlace<T extends PublicFormPlaceFields>(form: T, placeId: string, details: PlaceDetails): T {
  const address = addressFromPlace(details);
  const next: T = {
    ...form,
    address: address.street,
    city: address.city,
    state: address.state,
    zipCode: address.zipCode,
    name: form.name.trim() ? form.name : (details.name ?? ''),
    website: form.website.trim() ? form.website : (details.website ?? ''),
    phone: form.phone.trim() ? form.phone : (details.international_phone_number ?? ''),
  };
  if (address.location) {
    next.location = address.location;
    next.placeId = placeId;
  }
  return next;
}

/**
 * The admin wizard's category guess for a picked business: lodging or hotel gives
 * hotels/luxury-hotels; restaurant or food, restaurants/fine-dining; spa or beauty,
 * wellness/luxury-spa; store or shop, fashion/luxury-retail; otherwise the first category.
 */
export function guessCategory(
  types: string[],
  taxonomy: TaxonomyCategory[],
): { category: string; subcategory: string | null } | null {
  const has = (...words: string[]) => types.some((type) => words.some((word) => type.toLowerCase().includes(word)));
  let guess: { category: string; subcategory: string | null } | null = null;
  if (has('lodging', 'hotel')) guess = { category: 'hotels', subcategory: 'luxury-hotels' };
  else if (has('restaurant', 'food')) guess = { category: 'restaurants', subcategory: 'fine-dining' };
  else if (has('spa', 'beauty')) guess = { category: 'wellness', subcategory: 'luxury-spa' };
  else if (has('store', 'shop')) guess = { category: 'fashion', subcategory: 'luxury-retail' };
  const known = guess && taxonomy.find((c) => c.id === guess.category);
  if (guess && known) {
    return {
      category: guess.category,
      subcategory: known.subcategories.some((s) => s.id === guess.subcategory) ? guess.subcategory : null,
    };
  }
  const first = taxonomy[0];
  return first ? { category: first.id, subcategory: null } : null;
}

/** The wizard's fallback when details cannot be fetched: the suggestion's own name and address. */
export function fallbackFromPrediction(prediction: PlacePrediction): { name: string; address: string } {
  return {
    name: prediction.structured_formatting.main_text || prediction.description,
    address: prediction.structured_formatting.secondary_text || prediction.description,
  };
}
