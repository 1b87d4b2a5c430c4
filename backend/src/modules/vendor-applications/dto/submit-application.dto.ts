import { APPLICATION_MESSAGES as M, APPLICATION_MIN_LENGTH as MIN, isValidWebsite } from '@maison/shared';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  registerDecorator,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import { LocationDto } from '../../../common/location.dto';
import { APPLICATION_CATEGORIES } from '../../vendors';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const SHORT = 200;

function IsWebsite(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isWebsite',
      target: object.constructor,
      propertyName,
      options,
      validator: { validate: (value: unknown) => typeof value === 'string' && isValidWebsite(value) },
    });
}

/**
 * POST /api/vendor-applications: the public form's fields with the spec's rules and messages.
 * Decorators run bottom-up; the bottom one answers for a missing value.
 */
export class SubmitApplicationDto {
  @MaxLength(SHORT, { message: 'Business name is too long' })
  @MinLength(MIN.name, { message: M.name })
  @IsString({ message: M.name })
  @Transform(trim)
  name: string;

  @MaxLength(SHORT, { message: 'Contact name is too long' })
  @MinLength(MIN.contactName, { message: M.contactName })
  @IsString({ message: M.contactName })
  @Transform(trim)
  contactName: string;

  @IsOptional()
  @MaxLength(SHORT, { message: 'Contact title is too long' })
  @IsString({ message: 'Contact title must be text' })
  @Transform(trim)
  contactTitle?: string;

  @MaxLength(254, { message: M.email })
  @IsEmail({}, { message: M.email })
  @IsString({ message: M.email })
  @Transform(trim)
  email: string;

  @MaxLength(40, { message: M.phone })
  @MinLength(MIN.phone, { message: M.phone })
  @IsString({ message: M.phone })
  @Transform(trim)
  phone: string;

  @IsOptional()
  @MaxLength(500, { message: M.website })
  @IsWebsite({ message: M.website })
  @IsString({ message: M.website })
  @Transform(trim)
  website?: string;

  @MaxLength(5000, { message: 'Description is too long' })
  @MinLength(MIN.description, { message: M.description })
  @IsString({ message: M.description })
  @Transform(trim)
  description: string;

  @ArrayMaxSize(APPLICATION_CATEGORIES.length, { message: M.categories })
  @IsIn([...APPLICATION_CATEGORIES], { each: true, message: 'Please select categories from the list' })
  @ArrayMinSize(1, { message: M.categories })
  @IsArray({ message: M.categories })
  categories: string[];

  @MaxLength(SHORT, { message: 'Address is too long' })
  @MinLength(MIN.address, { message: M.address })
  @IsString({ message: M.address })
  @Transform(trim)
  address: string;

  @MaxLength(SHORT, { message: 'City is too long' })
  @MinLength(MIN.city, { message: M.city })
  @IsString({ message: M.city })
  @Transform(trim)
  city: string;

  @MaxLength(SHORT, { message: 'State is too long' })
  @MinLength(MIN.state, { message: M.state })
  @IsString({ message: M.state })
  @Transform(trim)
  state: string;

  @MaxLength(20, { message: 'ZIP code is too long' })
  @MinLength(MIN.zipCode, { message: M.zipCode })
  @IsString({ message: M.zipCode })
  @Transform(trim)
  zipCode: string;

  @IsOptional()
  @MaxLength(300, { message: 'Invalid place' })
  @IsString({ message: 'Invalid place' })
  placeId?: string | null;

  @IsOptional()
  @ValidateNested({ message: 'Location must have a latitude and a longitude' })
  @Type(() => LocationDto)
  location?: LocationDto | null;

  @IsOptional()
  @MaxLength(5000, { message: 'Additional information is too long' })
  @IsString({ message: 'Additional information must be text' })
  @Transform(trim)
  additionalInfo?: string;

  @Equals(true, { message: M.termsAccepted })
  termsAccepted: boolean;

  /** The hidden honeypot: people leave it empty. */
  @IsOptional()
  @MaxLength(SHORT, { message: 'Invalid form submission' })
  @IsString({ message: 'Invalid form submission' })
  bot_check?: string;
}
