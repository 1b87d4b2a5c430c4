import {
  fetchJson,
  PlacesProviderError,
  type AddressComponent,
  type PlaceDetails,
  type PlacePrediction,
  type PlaceSearchQuery,
  type PlacesProvider,
} from './places-provider';

/** A short-lived store of what a search returned, so details can be answered without a lookup API. */
export interface PlaceCache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
}

interface PhotonProperties {
  osm_id?: number;
  osm_type?: string;
  osm_key?: string;
  osm_value?: string;
  name?: string;
  housenumber?: string;
  street?: string;
  postcode?: string;
  city?: string;
  district?: string;
  locality?: string;
  county?: string;
  state?: string;
  country?: string;
  countrycode?: string;
  type?: string;
}

interface PhotonFeature {
  type: 'Feature';
  geometry?: { type: string; coordinates?: [number, number] };
  properties?: PhotonProperties;
}

const CACHE_TTL_SECONDS = 24 * 60 * 60;
const LIMIT = 8;

/** OSM tags to the Google types the admin wizard's category guess reads. */
function typesOf(p: PhotonProperties): string[] {
  const key = p.osm_key ?? '';
  const value = p.osm_value ?? '';
  if (key === 'tourism' && ['hotel', 'motel', 'guest_house', 'chalet', 'apartment', 'hostel'].includes(value)) {
    return ['lodging', 'point_of_interest', 'establishment'];
  }
  if (
    key === 'amenity' &&
    ['restaurant', 'cafe', 'bar', 'pub', 'fast_food', 'food_court', 'biergarten'].includes(value)
  ) {
    return ['restaurant', 'food', 'point_of_interest', 'establishment'];
  }
  if (
    (key === 'leisure' && ['spa', 'sauna', 'fitness_centre'].includes(value)) ||
    (key === 'shop' && ['beauty', 'cosmetics', 'massage'].includes(value)) ||
    (key === 'amenity' && value === 'spa')
  ) {
    return ['spa', 'beauty_salon', 'point_of_interest', 'establishment'];
  }
  if (key === 'shop') return ['store', 'point_of_interest', 'establishment'];
  if (key === 'place' || key === 'boundary') return ['locality', 'political'];
  return ['point_of_interest', 'establishment'];
}

function cityOf(p: PhotonProperties): string {
  return p.city ?? p.locality ?? p.district ?? p.county ?? '';
}

function streetOf(p: PhotonProperties): string {
  return [p.housenumber, p.street].filter(Boolean).join(' ');
}

function placeIdOf(p: PhotonProperties): string | null {
  if (p.osm_id === undefined || !p.osm_type || !/^[NWR]$/.test(p.osm_type)) return null;
  return `osm:${p.osm_type}${p.osm_id}`;
}

function toDetails(feature: PhotonFeature): PlaceDetails {
  const p = feature.properties ?? {};
  const components: AddressComponent[] = [];
  const add = (value: string | undefined, types: string[], short = value) => {
    if (value) components.push({ long_name: value, short_name: short ?? value, types });
  };
  add(p.housenumber, ['street_number']);
  add(p.street, ['route']);
  add(cityOf(p) || undefined, ['locality', 'political']);
  add(p.state, ['administrative_area_level_1', 'political']);
  add(p.country, ['country', 'political'], p.countrycode?.toUpperCase() ?? p.country);
  add(p.postcode, ['postal_code']);
  const coordinates = feature.geometry?.coordinates;
  const name = p.name ?? streetOf(p);
  return {
    name,
    formatted_address: [streetOf(p), [p.postcode, cityOf(p)].filter(Boolean).join(' '), p.country]
      .filter(Boolean)
      .join(', '),
    address_components: components,
    ...(coordinates ? { geometry: { location: { lat: coordinates[1], lng: coordinates[0] } } } : {}),
  };
}

/**
 * OpenStreetMap through a Photon server (PHOTON_URL, e.g. https://photon.komoot.io). Photon has
 * no lookup by id, so each search keeps its features for a day and details read them back.
 */
export class PhotonPlacesProvider implements PlacesProvider {
  readonly name = 'photon' as const;
  private readonly endpoint: string;

  constructor(
    baseUrl: string,
    private readonly cache: PlaceCache,
  ) {
    const trimmed = baseUrl.replace(/\/+$/, '');
    this.endpoint = /\/api$/.test(trimmed) ? trimmed : `${trimmed}/api`;
  }

  async search(query: PlaceSearchQuery): Promise<PlacePrediction[]> {
    const url = new URL(this.endpoint);
    url.searchParams.set('q', query.input);
    url.searchParams.set('limit', String(LIMIT));
    url.searchParams.set('lang', 'en');
    if (query.location) {
      url.searchParams.set('lat', String(query.location.lat));
      url.searchParams.set('lon', String(query.location.lng));
    }
    const body = (await fetchJson(url.toString(), this.name)) as { features?: unknown };
    if (!body || !Array.isArray(body.features)) throw new PlacesProviderError(this.name, 'answer has no features');
    const predictions: PlacePrediction[] = [];
    for (const feature of body.features as PhotonFeature[]) {
      const p = feature?.properties;
      if (!p) continue;
      const placeId = placeIdOf(p);
      const main = p.name ?? streetOf(p);
      if (!placeId || !main) continue;
      const secondary = [p.name ? streetOf(p) : '', cityOf(p), p.country].filter(Boolean).join(', ');
      await this.cache.set(`photon:${placeId}`, JSON.stringify(feature), CACHE_TTL_SECONDS);
      predictions.push({
        place_id: placeId,
        description: [main, secondary].filter(Boolean).join(', '),
        structured_formatting: { main_text: main, secondary_text: secondary },
        types: typesOf(p),
      });
    }
    return predictions;
  }

  async details(placeId: string): Promise<PlaceDetails | null> {
    const cached = await this.cache.get(`photon:${placeId}`);
    if (!cached) return null;
    return toDetails(JSON.parse(cached) as PhotonFeature);
  }
}
