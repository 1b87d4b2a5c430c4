/**
 * What other modules may use of nominations: the module (its member and staff routes, and the
 * handler of the waitlist's 'waitlist.signed-up-with-ref' job), and which member each link code
 * belongs to (the insights funnel). Links, letters and the fraud checks are its own; who signed up
 * through whom is the waitlist's to keep.
 */
export { NominationsModule } from './nominations.module';
export { NOMINATION_CODES_SQL } from './nomination-codes.sql';
