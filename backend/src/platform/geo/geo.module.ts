import { Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { REDIS } from '../redis/redis.module';
import { GeoController } from './geo.controller';
import { REVERSE_GEOCODER } from './geo-tokens';
import { NominatimGeocoder } from './nominatim-geocoder';
import type { ReverseGeocoder } from './reverse-geocoder';
import { WorldCitiesGeocoder } from './world-cities-geocoder';

/** Reverse geocoding: a Nominatim server when NOMINATIM_URL is set, the bundled world cities otherwise. */
@Module({
  controllers: [GeoController],
  providers: [
    {
      provide: REVERSE_GEOCODER,
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis): ReverseGeocoder => {
        const cities = new WorldCitiesGeocoder();
        if (!config.NOMINATIM_URL) return cities;
        const prefix = `${config.REDIS_PREFIX}:geo:`;
        return new NominatimGeocoder(
          config.NOMINATIM_URL,
          `${config.BRAND_NAME} concierge (${config.APP_URL})`,
          {
            get: (key) => redis.get(prefix + key),
            set: async (key, value, ttl) => {
              await redis.set(prefix + key, value, 'EX', ttl);
            },
          },
          cities,
        );
      },
    },
  ],
  exports: [REVERSE_GEOCODER],
})
export class GeoModule {}
