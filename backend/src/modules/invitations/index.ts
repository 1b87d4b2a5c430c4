/**
 * What other modules (and the app's composition root) may use of invitations: the reservations a
 * payment holds and settles (ReservationsService, ReservationView), the guests' RSVPs, the notices
 * of an RSVP's change and the seat ledger's capacity message. Its entities, DTOs, jobs and SQL are
 * its own.
 */
export { InvitationsModule } from './invitations.module';
export { ReservationsService } from './reservations.service';
export { RsvpsService } from './rsvps.service';
export type { ReservationView } from './reservation-view';
export { RsvpChanges } from './rsvp-changes';
export { AT_CAPACITY_MESSAGE } from './seat-ledger';
export { ATTENDING_SQL, INVITED_SQL } from './invitation-journey.sql';
