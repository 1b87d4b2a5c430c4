import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppError } from '../../common/app-error';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { REDIS } from '../redis/redis.module';
import { GooglePlacesProvider } from './google-places.provider';
import { LocalPlacesProvider, PLACE_DIRECTORY, type PlaceDirectory } from './local-places.provider';
import { PhotonPlacesProvider } from './photon-places.provider';
import type { PlaceDetails, PlacePrediction, PlaceSearchQuery, PlacesProvider } from './places-provider';

const LOCAL_ID = /^(local|vendor):/;

/**
 * The places search behind the vendor forms. One provider answers: Google when
 * GOOGLE_MAPS_API_KEY is set, else Photon when PHOTON_URL is set, else the offline local list.
 * When the configured provider fails, the search answers the local matches instead, silently.
 */
@Injectable()
export class PlacesService {
  private readonly logger = new Logger(PlacesService.name);
  readonly local: LocalPlacesProvider;
  readonly provider: PlacesProvider;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis,
    @Inject(PLACE_DIRECTORY) directory: PlaceDirectory,
  ) {
    this.local = new LocalPlacesProvider(directory);
    if (config.GOOGLE_MAPS_API_KEY) {
      this.provider = new GooglePlacesProvider(config.GOOGLE_MAPS_API_KEY, config.GOOGLE_PLACES_URL);
    } else if (config.PHOTON_URL) {
      const prefix = `${config.REDIS_PREFIX}:places:`;
      this.provider = new PhotonPlacesProvider(config.PHOTON_URL, {
        get: (key) => redis.get(prefix + key),
        set: async (key, value, ttl) => {
          await redis.set(prefix + key, value, 'EX', ttl);
        },
      });
    } else {
      this.provider = this.local;
    }
  }

  async search(query: PlaceSearchQuery): Promise<PlacePrediction[]> {
    if (query.input.trim() === '') return [];
    if (this.provider === this.local) return this.local.search(query);
    try {
      return await this.provider.search(query);
    } catch (error) {
      this.logger.warn(`${(error as Error).message}; answering local matches`);
      return this.local.search(query);
    }
  }

  async details(placeId: string): Promise<PlaceDetails> {
    let details: PlaceDetails | null;
    if (LOCAL_ID.test(placeId) || this.provider === this.local) {
      details = await this.local.details(placeId);
    } else {
      try {
        details = await this.provider.details(placeId);
      } catch (error) {
        this.logger.warn((error as Error).message);
        throw AppError.unavailable('Place details are unavailable right now. Please try again.');
      }
    }
    if (!details) throw AppError.notFound('Place not found');
    return details;
  }
}
