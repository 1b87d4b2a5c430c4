import type { Invitation } from './invitation.entity';
import type { Rsvp } from './rsvp.entity';

/** A guest's reservation (RSVP) and its invitation, as other modules see them: plain data, never the entities. */
export interface ReservationView {
  id: string;
  eventId: number;
  invitationId: number;
  status: Rsvp['status'];
  guestCount: number;
  /** A paid guest's larger count awaiting payment of the difference (see Rsvp.raiseTo). */
  raiseTo: number | null;
  holdExpiresAt: Date | null;
  invitation: { id: number; status: Invitation['status']; recipientEmail: string } | null;
}

export function reservationView(rsvp: Rsvp, invitation: Invitation | null): ReservationView {
  return {
    id: rsvp.id,
    eventId: rsvp.eventId,
    invitationId: rsvp.invitationId,
    status: rsvp.status,
    guestCount: rsvp.guestCount,
    raiseTo: rsvp.raiseTo ?? null,
    holdExpiresAt: rsvp.holdExpiresAt ?? null,
    invitation: invitation && {
      id: invitation.id,
      status: invitation.status,
      recipientEmail: invitation.recipientEmail,
    },
  };
}
