import { IsIn } from 'class-validator';
import { GuestPartyDto } from './guest-party.dto';

/** POST /api/invitations/{code}/rsvp: the answer, and the party when attending. */
export class RsvpDto extends GuestPartyDto {
  @IsIn(['attending', 'not_attending'], { message: 'Please tell us whether you will attend' })
  status: 'attending' | 'not_attending';
}
