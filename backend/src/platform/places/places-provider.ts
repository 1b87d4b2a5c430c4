/** The answer shapes of GET /api/places/search and /api/places/details (the spec's section 7). */
export interface PlacePrediction {
  place_id: string;
  description: string;
  structured_formatting: { main_text: string; secondary_text: string };
  types: string[];
}

export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export interface PlaceDetails {
  name: string;
  formatted_address: string;
  website?: string;
  international_phone_number?: string;
  address_components: AddressComponent[];
  geometry?: { location: { lat: number; lng: number } };
}

export interface PlaceSearchQuery {
  input: string;
  /** Only 'establishment' is meaningful today; passed through to providers that understand it. */
  types?: string;
  /** Metres around `location` to prefer. */
  radius: number;
  location?: { lat: number; lng: number };
}

/** One source of places: Google Places, Photon (OpenStreetMap) or the bundled offline list. */
export interface PlacesProvider {
  readonly name: 'google' | 'photon' | 'local';
  search(query: PlaceSearchQuery): Promise<PlacePrediction[]>;
  /** Null when the provider does not know the id. */
  details(placeId: string): Promise<PlaceDetails | null>;
}

/** A provider's answer could not be had (network, quota, bad answer); the caller falls back. */
export class PlacesProviderError extends Error {
  constructor(provider: string, reason: string) {
    super(`${provider} places provider failed: ${reason}`);
    this.name = 'PlacesProviderError';
  }
}

const EARTH_RADIUS_M = 6_371_000;

/** Great-circle distance in metres. */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Lower-case, accents and apostrophes removed, other punctuation as spaces:
 * 'Hôtel Plaza-Athénée' -> 'hotel plaza athenee', "Claridge's" -> 'claridges'.
 */
export function normalizeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Fetch with a deadline, so a slow provider becomes a fallback instead of a hung request. */
export async function fetchJson(url: string, provider: string, timeoutMs = 4000): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new PlacesProviderError(provider, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw new PlacesProviderError(provider, `HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new PlacesProviderError(provider, 'answer is not JSON');
  }
}
