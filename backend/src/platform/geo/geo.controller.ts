import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { IsString, Matches } from 'class-validator';
import type { Request } from 'express';
import { AppError } from '../../common/app-error';
import { clientIp } from '../../common/client-ip';
import { RateLimitService } from '../../common/rate-limit.service';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { REVERSE_GEOCODER } from './geo-tokens';
import type { ReverseGeocode, ReverseGeocoder } from './reverse-geocoder';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, schema, successData, t } from '../../common/api-schema';

// Plain decimal degrees only: no exponents, hex, "Infinity" or padding that Number() would accept.
const DECIMAL = /^-?\d{1,3}(\.\d{1,15})?$/;
const LAT_MESSAGE = 'Latitude (lat) must be a number between -90 and 90';
const LON_MESSAGE = 'Longitude (lon) must be a number between -180 and 180';

export class ReverseGeocodeQueryDto {
  @Matches(DECIMAL, { message: LAT_MESSAGE })
  @IsString({ message: LAT_MESSAGE })
  lat: string;

  @Matches(DECIMAL, { message: LON_MESSAGE })
  @IsString({ message: LON_MESSAGE })
  lon: string;
}

/** The member's place name from the browser's coordinates (spec, section 9). */
@ApiTags('geo')
@Controller('geo')
export class GeoController {
  constructor(
    @Inject(REVERSE_GEOCODER) private readonly geocoder: ReverseGeocoder,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('reverse')
  @ApiOperation({ summary: 'The place name of a point (the concierge’s location)' })
  @ApiAnswer(
    successData(
      schema(
        'ReverseGeocode',
        t.object({
          locationName: t.nullable(t.string()),
          city: t.nullable(t.string()),
          country: t.nullable(t.string()),
        }),
      ),
    ),
  )
  @ApiErrors(400, 429)
  async reverse(
    @Query() query: ReverseGeocodeQueryDto,
    @Req() request: Request,
  ): Promise<{ success: true; data: ReverseGeocode }> {
    const latitude = Number(query.lat);
    const longitude = Number(query.lon);
    if (Math.abs(latitude) > 90) throw AppError.badRequest(LAT_MESSAGE, { lat: LAT_MESSAGE });
    if (Math.abs(longitude) > 180) throw AppError.badRequest(LON_MESSAGE, { lon: LON_MESSAGE });
    await this.limits.consume(
      {
        name: 'geo',
        limit: this.config.RATE_LIMIT_GEO_PER_MINUTE,
        windowSeconds: 60,
        message: 'Too many look-ups from your connection. Please wait a minute and try again.',
      },
      clientIp(request),
    );
    return { success: true, data: await this.geocoder.reverse(latitude, longitude) };
  }
}
