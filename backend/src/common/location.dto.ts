import { IsNumber, Max, Min } from 'class-validator';

/** A point on the map, as a form sends it (vendors, vendor applications). */
export class LocationDto {
  @Max(90, { message: 'Latitude must be between -90 and 90' })
  @Min(-90, { message: 'Latitude must be between -90 and 90' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Latitude must be a number' })
  lat: number;

  @Max(180, { message: 'Longitude must be between -180 and 180' })
  @Min(-180, { message: 'Longitude must be between -180 and 180' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Longitude must be a number' })
  lng: number;
}
