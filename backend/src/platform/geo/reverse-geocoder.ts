/** What GET /api/geo/reverse answers: a place name to show and to tell the concierge. */
export interface ReverseGeocode {
  /** "Paris, France"; null when no place is known near the point. */
  locationName: string | null;
  city: string | null;
  country: string | null;
}

/** Turns coordinates into the name of the place: Nominatim when configured, the bundled cities otherwise. */
export interface ReverseGeocoder {
  readonly name: 'nominatim' | 'world-cities';
  reverse(latitude: number, longitude: number): Promise<ReverseGeocode>;
}

export const NOWHERE: ReverseGeocode = { locationName: null, city: null, country: null };

/** "Paris, France"; a city-state once ("Monaco", not "Monaco, Monaco"). */
export function placeName(city: string | null, country: string | null): string | null {
  if (city && country && city.toLocaleLowerCase('en') !== country.toLocaleLowerCase('en')) return `${city}, ${country}`;
  return city ?? country;
}
