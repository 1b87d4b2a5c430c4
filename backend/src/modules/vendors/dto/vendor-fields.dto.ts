import { Transform, Type } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { LocationDto } from '../../../common/location.dto';
import { OptionalText } from '../../../common/optional-text.decorator';
import { VENDOR_STATUSES, type VendorStatus } from '../vendor.entity';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const LONG = 5000;
const SHORT = 300;

/** Only the absent is optional: null would reach a column that must hold a value. */
const unlessAbsent = (_object: object, value: unknown) => value !== undefined;

/**
 * Optional vendor fields shared by create and update; null clears a text field or the location.
 * Decorators run bottom-up.
 */
class VendorOptionalFields {
  @OptionalText('Subcategory', SHORT) subcategory?: string | null;
  @OptionalText('Description', LONG) description?: string | null;
  @OptionalText('Address', SHORT) address?: string | null;
  @OptionalText('City', SHORT) city?: string | null;
  @OptionalText('State', SHORT) state?: string | null;
  @OptionalText('ZIP code', 40) zipCode?: string | null;
  @OptionalText('Country', SHORT) country?: string | null;
  @OptionalText('Place id', SHORT) googlePlaceId?: string | null;
  /** The approval flow's name for googlePlaceId. */
  @OptionalText('Place id', SHORT) placeId?: string | null;
  @OptionalText('Website', SHORT) website?: string | null;
  @OptionalText('Contact name', SHORT) contactName?: string | null;

  @IsOptional()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @IsString({ message: 'Please enter a valid email address' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value))
  contactEmail?: string | null;

  @OptionalText('Contact phone', 40) contactPhone?: string | null;

  @ValidateIf(unlessAbsent)
  @IsIn([...VENDOR_STATUSES], { message: 'Status must be pending, active or inactive' })
  status?: VendorStatus;

  @ValidateIf(unlessAbsent)
  @Max(3, { message: 'Onboarding step must be 1, 2 or 3' })
  @Min(1, { message: 'Onboarding step must be 1, 2 or 3' })
  @IsInt({ message: 'Onboarding step must be 1, 2 or 3' })
  onboardingStep?: number;

  @OptionalText('Notes', LONG) notes?: string | null;

  @IsOptional()
  @ValidateNested({ message: 'Location must have a latitude and a longitude' })
  @Type(() => LocationDto)
  location?: LocationDto | null;

  @IsOptional()
  @Max(90, { message: 'Latitude must be between -90 and 90' })
  @Min(-90, { message: 'Latitude must be between -90 and 90' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Latitude must be a number' })
  lat?: number | null;

  @IsOptional()
  @Max(180, { message: 'Longitude must be between -180 and 180' })
  @Min(-180, { message: 'Longitude must be between -180 and 180' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Longitude must be a number' })
  lng?: number | null;
}

/** POST /api/admin/vendors. */
export class CreateVendorDto extends VendorOptionalFields {
  @MaxLength(SHORT, { message: 'Vendor name is too long' })
  @IsNotEmpty({ message: 'Vendor name is required' })
  @IsString({ message: 'Vendor name is required' })
  @Transform(trim)
  name: string;

  @MaxLength(SHORT, { message: 'Category not found' })
  @IsNotEmpty({ message: 'Category is required' })
  @IsString({ message: 'Category is required' })
  @Transform(trim)
  category: string;
}

/** PATCH /api/admin/vendors/{id}: any subset; a name or category sent must not be empty. */
export class UpdateVendorDto extends VendorOptionalFields {
  @ValidateIf((o: UpdateVendorDto, value: unknown) => value !== undefined)
  @MaxLength(SHORT, { message: 'Vendor name is too long' })
  @IsNotEmpty({ message: 'Vendor name is required' })
  @IsString({ message: 'Vendor name is required' })
  @Transform(trim)
  name?: string;

  @ValidateIf((o: UpdateVendorDto, value: unknown) => value !== undefined)
  @MaxLength(SHORT, { message: 'Category not found' })
  @IsNotEmpty({ message: 'Category is required' })
  @IsString({ message: 'Category is required' })
  @Transform(trim)
  category?: string;
}
