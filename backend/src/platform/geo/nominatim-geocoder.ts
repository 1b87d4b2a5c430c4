import { Logger } from '@nestjs/common';
import { NOWHERE, placeName, type ReverseGeocode, type ReverseGeocoder } from './reverse-geocoder';

interface NominatimAnswer {
  error?: string;
  address?: Record<string, string | undefined>;
}

export interface GeocodeCache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
}

const TIMEOUT_MS = 4000;
const CACHE_SECONDS = 24 * 3600;

/**
 * A Nominatim server (OpenStreetMap), asked as the spec's client did: format json, zoom 10, the
 * city, town, village or county and the country. Answers are cached for a day per ~1 km square
 * (Nominatim's public servers allow one request a second), and when the server cannot answer the
 * bundled list does.
 */
export class NominatimGeocoder implements ReverseGeocoder {
  readonly name = 'nominatim' as const;
  private readonly logger = new Logger(NominatimGeocoder.name);

  constructor(
    private readonly baseUrl: string,
    private readonly userAgent: string,
    private readonly cache: GeocodeCache,
    private readonly fallback: ReverseGeocoder,
  ) {}

  async reverse(latitude: number, longitude: number): Promise<ReverseGeocode> {
    const key = `${latitude.toFixed(2)},${longitude.toFixed(2)}`;
    const cached = await this.cache.get(key).catch(() => null);
    if (cached) return JSON.parse(cached) as ReverseGeocode;
    let answer: ReverseGeocode;
    try {
      answer = await this.ask(latitude, longitude);
    } catch (error) {
      this.logger.warn(`Nominatim could not answer, using the bundled cities: ${(error as Error).message}`);
      return this.fallback.reverse(latitude, longitude);
    }
    await this.cache.set(key, JSON.stringify(answer), CACHE_SECONDS).catch(() => undefined);
    return answer;
  }

  private async ask(latitude: number, longitude: number): Promise<ReverseGeocode> {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/reverse`);
    url.search = new URLSearchParams({
      format: 'json',
      lat: String(latitude),
      lon: String(longitude),
      zoom: '10',
      'accept-language': 'en',
    }).toString();
    const response = await fetch(url, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { Accept: 'application/json', 'User-Agent': this.userAgent },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as NominatimAnswer;
    // Nominatim's answer for a point with nothing near it (the open sea).
    if (body.error) return NOWHERE;
    const address = body.address ?? {};
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null);
    const city = text(address.city) ?? text(address.town) ?? text(address.village) ?? text(address.county);
    const country = text(address.country);
    return { locationName: placeName(city, country), city, country };
  }
}
