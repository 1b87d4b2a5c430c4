import {
  fetchJson,
  PlacesProviderError,
  type PlaceDetails,
  type PlacePrediction,
  type PlaceSearchQuery,
  type PlacesProvider,
} from './places-provider';

const DETAIL_FIELDS = 'name,formatted_address,website,international_phone_number,address_component,geometry';

interface GoogleAnswer {
  status?: string;
  error_message?: string;
  predictions?: PlacePrediction[];
  result?: PlaceDetails & { geometry?: { location?: { lat: number; lng: number } } };
}

/**
 * Google Places (autocomplete and details web services), when GOOGLE_MAPS_API_KEY is set;
 * `baseUrl` is GOOGLE_PLACES_URL (Google's own by default).
 */
export class GooglePlacesProvider implements PlacesProvider {
  readonly name = 'google' as const;

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl: string,
  ) {}

  private get base(): string {
    return this.baseUrl.replace(/\/+$/, '');
  }

  async search(query: PlaceSearchQuery): Promise<PlacePrediction[]> {
    const url = new URL(`${this.base}/autocomplete/json`);
    url.searchParams.set('input', query.input);
    url.searchParams.set('types', query.types ?? 'establishment');
    url.searchParams.set('radius', String(query.radius));
    if (query.location) url.searchParams.set('location', `${query.location.lat},${query.location.lng}`);
    url.searchParams.set('key', this.apiKey);
    const body = (await fetchJson(url.toString(), this.name)) as GoogleAnswer;
    if (body.status === 'ZERO_RESULTS') return [];
    if (body.status !== 'OK' || !Array.isArray(body.predictions)) {
      throw new PlacesProviderError(this.name, body.error_message ?? body.status ?? 'unexpected answer');
    }
    return body.predictions.map((p) => ({
      place_id: p.place_id,
      description: p.description,
      structured_formatting: {
        main_text: p.structured_formatting?.main_text ?? p.description,
        secondary_text: p.structured_formatting?.secondary_text ?? '',
      },
      types: p.types ?? [],
    }));
  }

  async details(placeId: string): Promise<PlaceDetails | null> {
    const url = new URL(`${this.base}/details/json`);
    url.searchParams.set('place_id', placeId);
    url.searchParams.set('fields', DETAIL_FIELDS);
    url.searchParams.set('key', this.apiKey);
    const body = (await fetchJson(url.toString(), this.name)) as GoogleAnswer;
    if (body.status === 'NOT_FOUND' || body.status === 'INVALID_REQUEST') return null;
    if (body.status !== 'OK' || !body.result) {
      throw new PlacesProviderError(this.name, body.error_message ?? body.status ?? 'unexpected answer');
    }
    const r = body.result;
    return {
      name: r.name,
      formatted_address: r.formatted_address,
      ...(r.website ? { website: r.website } : {}),
      ...(r.international_phone_number ? { international_phone_number: r.international_phone_number } : {}),
      address_components: r.address_components ?? [],
      ...(r.geometry?.location
        ? { geometry: { location: { lat: r.geometry.location.lat, lng: r.geometry.location.lng } } }
        : {}),
    };
  }
}
