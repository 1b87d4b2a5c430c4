import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';

const emptyToNull = ({ value }: { value: unknown }) => {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  return trimmed === '' ? null : trimmed;
};
const names = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? value.map((name) => (typeof name === 'string' ? name.trim() : name)).filter((name) => name !== '')
    : value;

/**
 * A guest's party as the RSVP form describes it: how many, their names, dietary restrictions and
 * special requests. The upper bound of guestCount is the invitation's maxGuests (`partyOf`).
 * POST /api/invitations/{code}/waiting-list takes it as it is: the party waiting for seats (the
 * offer holds these seats and fills in the RSVP with them); the RSVP adds its answer.
 */
export class GuestPartyDto {
  @IsOptional()
  @Min(1, { message: 'Guest count must be at least 1' })
  @IsInt({ message: 'Guest count must be a whole number' })
  guestCount?: number;

  @IsOptional()
  @MaxLength(200, { each: true, message: 'Each guest name must be at most 200 characters' })
  @IsString({ each: true, message: 'Guest names must be text' })
  @ArrayMaxSize(100, { message: 'Too many guest names' })
  @IsArray({ message: 'Guest names must be a list' })
  @Transform(names)
  guestNames?: string[];

  @IsOptional()
  @MaxLength(1000, { message: 'Dietary restrictions must be at most 1000 characters' })
  @IsString({ message: 'Dietary restrictions must be text' })
  @Transform(emptyToNull)
  dietaryRestrictions?: string | null;

  @IsOptional()
  @MaxLength(2000, { message: 'Special requests must be at most 2000 characters' })
  @IsString({ message: 'Special requests must be text' })
  @Transform(emptyToNull)
  specialRequests?: string | null;
}
