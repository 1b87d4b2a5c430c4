import { AppError } from '../../common/app-error';
import type { GuestPartyDto } from './dto/guest-party.dto';

/**
 * The party an invitation admits, from what the guest sent (an RSVP or a turn on the waiting
 * list): one guest when the count is left out, never more than the invitation's maxGuests, and
 * no more names than guests. Refused with the field's readable message.
 */
export function partyOf(input: GuestPartyDto, maxGuests: number): { guestCount: number; guestNames: string[] } {
  const guestCount = input.guestCount ?? 1;
  if (guestCount > maxGuests) {
    const message =
      maxGuests === 1 ? 'This invitation admits 1 guest' : `Guest count must be between 1 and ${maxGuests}`;
    throw AppError.badRequest(message, { guestCount: message });
  }
  const guestNames = input.guestNames ?? [];
  if (guestNames.length > guestCount) {
    const message = 'Please list no more guest names than guests';
    throw AppError.badRequest(message, { guestNames: message });
  }
  return { guestCount, guestNames };
}
