import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { Request } from 'express';
import { AppError } from '../../common/app-error';
import { clientIp } from '../../common/client-ip';
import { decimalNumber } from '../../common/decimal-number';
import { RateLimitService } from '../../common/rate-limit.service';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import type { PlaceDetails, PlacePrediction } from './places-provider';
import { PlacesService } from './places.service';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, successData, t } from '../../common/api-schema';
import { PLACE_DETAILS, PLACE_PREDICTION } from './places.schemas';

const DEFAULT_RADIUS = 50_000;

export class PlaceSearchQueryDto {
  @IsOptional()
  @MaxLength(200, { message: 'Search text is too long' })
  @IsString({ message: 'Search text must be text' })
  input?: string;

  @IsOptional()
  @IsIn(['establishment', 'geocode', 'address'], { message: 'Types must be establishment, geocode or address' })
  types?: string;

  @IsOptional()
  @Max(50_000, { message: 'Radius must be between 1 and 50,000 metres' })
  @Min(1, { message: 'Radius must be between 1 and 50,000 metres' })
  @IsInt({ message: 'Radius must be between 1 and 50,000 metres' })
  @Transform(decimalNumber)
  radius?: number;

  @IsOptional()
  @Matches(/^\s*-?\d{1,2}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/, { message: 'Location must be "lat,lng"' })
  @IsString({ message: 'Location must be "lat,lng"' })
  location?: string;
}

const PLACE_ID = /^[A-Za-z0-9:_\-.]{1,300}$/;

/** Public: both vendor forms search places without signing in, so both calls are rate limited. */
@ApiTags('places')
@Controller('places')
export class PlacesController {
  constructor(
    private readonly places: PlacesService,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('search')
  @ApiOperation({ summary: 'Businesses matching the text, preferring those near `location`' })
  @ApiAnswer(successData(t.object({ predictions: t.array(PLACE_PREDICTION) })))
  @ApiErrors(400, 429)
  async search(
    @Query() query: PlaceSearchQueryDto,
    @Req() request: Request,
  ): Promise<{ success: true; data: { predictions: PlacePrediction[] } }> {
    await this.limit(request);
    let location: { lat: number; lng: number } | undefined;
    if (query.location) {
      const [lat, lng] = query.location.split(',').map((part) => Number(part.trim()));
      if (Math.abs(lat) > 90 || Math.abs(lng) > 180) {
        throw AppError.badRequest('Location must be "lat,lng"', { location: 'Location must be "lat,lng"' });
      }
      location = { lat, lng };
    }
    const predictions = await this.places.search({
      input: query.input ?? '',
      types: query.types ?? 'establishment',
      radius: query.radius ?? DEFAULT_RADIUS,
      location,
    });
    return { success: true, data: { predictions } };
  }

  @Get('details/:placeId')
  @ApiOperation({ summary: 'A place’s name, address, website, phone and position' })
  @ApiAnswer(successData(PLACE_DETAILS))
  @ApiErrors(404, 429)
  async details(
    @Param('placeId') placeId: string,
    @Req() request: Request,
  ): Promise<{ success: true; data: PlaceDetails }> {
    await this.limit(request);
    if (!PLACE_ID.test(placeId)) throw AppError.notFound('Place not found');
    return { success: true, data: await this.places.details(placeId) };
  }

  private limit(request: Request): Promise<void> {
    return this.limits.consume(
      {
        name: 'places',
        limit: this.config.RATE_LIMIT_PLACES_PER_MINUTE,
        windowSeconds: 60,
        message: 'Too many searches from your connection. Please wait a minute and try again.',
      },
      clientIp(request),
    );
  }
}
