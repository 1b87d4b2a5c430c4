import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { IsCalendarDate } from '../../../common/calendar-date';
import { decimalNumber } from '../../../common/decimal-number';
import { isTimeZone, timeZoneSpelling } from '../event-schedule';
import {
  CURRENCIES,
  EVENT_STATUSES,
  EVENT_TYPES,
  type Currency,
  type EventStatus,
  type EventType,
} from '../event.entity';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  return trimmed === '' ? null : trimmed;
};

@ValidatorConstraint({ name: 'twoDecimals' })
class TwoDecimals implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'number' && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
  }
  defaultMessage(): string {
    return 'Ticket price can have at most 2 decimals';
  }
}

const TIME_ZONE_MESSAGE = 'Time zone must be an IANA time zone like Europe/Monaco';

@ValidatorConstraint({ name: 'knownTimeZone' })
class KnownTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return isTimeZone(value);
  }
  defaultMessage(): string {
    return TIME_ZONE_MESSAGE;
  }
}

/** Trimmed and in its usual capitals ('europe/monaco' is Europe/Monaco); empty means absent. */
const timeZoneValue = ({ value }: { value: unknown }) => {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  if (trimmed === '') return undefined;
  return typeof trimmed === 'string' ? timeZoneSpelling(trimmed) : trimmed;
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const MAX_REMINDER_HOURS = 60 * 24;

const SHORT = 200;
const LONG = 5000;

/**
 * The event form of the spec's section 5, with its messages. POST creates, PATCH replaces the
 * fields (the admin form always sends them all). Decorators run bottom-up: the bottom rule's
 * message wins for an empty value.
 */
export class EventFieldsDto {
  @MaxLength(SHORT, { message: 'Name is too long' })
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @Transform(trim)
  name: string;

  @MaxLength(LONG, { message: 'Description is too long' })
  @IsString({ message: 'Description is required' })
  @IsNotEmpty({ message: 'Description is required' })
  @Transform(trim)
  description: string;

  @IsOptional()
  @IsIn(EVENT_TYPES, { message: `Event type must be one of ${EVENT_TYPES.join(', ')}` })
  eventType?: EventType;

  @IsCalendarDate('Date')
  @IsNotEmpty({ message: 'Date is required' })
  @Transform(trim)
  date: string;

  @Matches(TIME, { message: 'Start time must be a time like 19:00' })
  @IsString({ message: 'Start time is required' })
  @IsNotEmpty({ message: 'Start time is required' })
  @Transform(trim)
  startTime: string;

  @Matches(TIME, { message: 'End time must be a time like 23:00' })
  @IsString({ message: 'End time is required' })
  @IsNotEmpty({ message: 'End time is required' })
  @Transform(trim)
  endTime: string;

  /** The venue's IANA time zone; absent: DEFAULT_EVENT_TIME_ZONE for a new event, its own for a changed one. */
  @IsOptional()
  @Validate(KnownTimeZone)
  @IsString({ message: TIME_ZONE_MESSAGE })
  @Transform(timeZoneValue)
  timeZone?: string;

  @MaxLength(SHORT, { message: 'Venue is too long' })
  @IsString({ message: 'Venue is required' })
  @IsNotEmpty({ message: 'Venue is required' })
  @Transform(trim)
  venue: string;

  @MaxLength(SHORT, { message: 'Venue address is too long' })
  @IsString({ message: 'Venue address is required' })
  @IsNotEmpty({ message: 'Venue address is required' })
  @Transform(trim)
  venueAddress: string;

  @MaxLength(SHORT, { message: 'City is too long' })
  @IsString({ message: 'City is required' })
  @IsNotEmpty({ message: 'City is required' })
  @Transform(trim)
  city: string;

  @MaxLength(SHORT, { message: 'State/Province is too long' })
  @IsString({ message: 'State/Province is required' })
  @IsNotEmpty({ message: 'State/Province is required' })
  @Transform(trim)
  state: string;

  @MaxLength(SHORT, { message: 'Country is too long' })
  @IsString({ message: 'Country is required' })
  @IsNotEmpty({ message: 'Country is required' })
  @Transform(trim)
  country: string;

  @MaxLength(40, { message: 'Zip/Postal code is too long' })
  @IsString({ message: 'Zip/Postal code is required' })
  @IsNotEmpty({ message: 'Zip/Postal code is required' })
  @Transform(trim)
  zipCode: string;

  @Max(100_000, { message: 'Capacity cannot exceed 100,000 guests' })
  @Min(1, { message: 'Capacity must be at least 1' })
  @IsInt({ message: 'Capacity must be at least 1' })
  @Transform(decimalNumber)
  capacity: number;

  @Max(1_000_000_000, { message: 'Ticket price is too high' })
  @Validate(TwoDecimals)
  @Min(0, { message: 'Ticket price must be non-negative' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Ticket price must be non-negative' })
  @Transform(decimalNumber)
  ticketPrice: number;

  @IsOptional()
  @IsIn(CURRENCIES, { message: `Currency must be one of ${CURRENCIES.join(', ')}` })
  currency?: Currency;

  @IsOptional()
  @IsBoolean({ message: 'Private must be true or false' })
  isPrivate?: boolean;

  @IsOptional()
  @MaxLength(SHORT, { message: 'Dress code is too long' })
  @IsString({ message: 'Dress code must be text' })
  @Transform(emptyToNull)
  dresscode?: string | null;

  @IsOptional()
  @Matches(/^(https?:\/\/|\/)\S+$/, { message: 'Image URL must be a web address' })
  @MaxLength(2000, { message: 'Image URL is too long' })
  @IsString({ message: 'Image URL must be a web address' })
  @Transform(emptyToNull)
  imageUrl?: string | null;

  @MaxLength(SHORT, { message: 'Organizer is too long' })
  @IsString({ message: 'Organizer is required' })
  @IsNotEmpty({ message: 'Organizer is required' })
  @Transform(trim)
  organizer: string;

  @MaxLength(SHORT, { message: 'Organizer contact is too long' })
  @IsString({ message: 'Organizer contact is required' })
  @IsNotEmpty({ message: 'Organizer contact is required' })
  @Transform(trim)
  organizerContact: string;

  @IsOptional()
  @IsIn(EVENT_STATUSES, { message: `Status must be one of ${EVENT_STATUSES.join(', ')}` })
  status?: EventStatus;

  /** Hours a seat freed for the next guest on the waiting list is held for them (24 when absent). */
  @IsOptional()
  @Max(720, { message: 'Offer window cannot exceed 720 hours' })
  @Min(1, { message: 'Offer window must be at least 1 hour' })
  @IsInt({ message: 'Offer window must be a whole number of hours' })
  @Transform(decimalNumber)
  offerWindowHours?: number;
  /** Local to the venue, like the date and times; empty: 48 hours before the start. */
  @IsOptional()
  @IsCalendarDate('RSVP deadline', 'local-date-time')
  @Transform(emptyToNull)
  rsvpDeadline?: string | null;

  /** Hours before the start; absent: 7 days and 24 hours. An empty list sends no reminders. */
  @IsOptional()
  @ArrayUnique({ message: 'Each reminder time may appear only once' })
  @Max(MAX_REMINDER_HOURS, { each: true, message: 'Reminders can be at most 60 days before the event' })
  @Min(1, { each: true, message: 'Reminders must be at least 1 hour before the event' })
  @IsInt({ each: true, message: 'Reminder times must be whole hours before the event' })
  @ArrayMaxSize(5, { message: 'At most 5 reminders per event' })
  @IsArray({ message: 'Reminder times must be a list of hours before the event' })
  reminderHours?: number[];
}
