/**
 * What other modules (and the app's composition root) may use of the concierge: its Nest module, the
 * member's session (its cookie and check) and the guards the OpenAPI document describes. Everything
 * else here is its own.
 */
export { ConciergeModule } from './concierge.module';
export { CONCIERGE_COOKIE, ConciergeSessionService } from './concierge-session.service';
export { ConciergeSessionGuard } from './concierge-session.guard';
export { OpenForWritesGuard } from './open-for-writes.guard';
/** Posting into a member's thread as the concierge (bookings tells the member of a payment there). */
export { ThreadsService } from './threads/threads.service';
