/**
 * What other modules may use of the waitlist: its service (entries, their confirmation and
 * nominations), the filter an invitation picks entries by, and the news of a sign-up through a
 * nomination link (the job its handler declares). Its entities and SQL are its own.
 */
export { WaitlistModule } from './waitlist.module';
export { WaitlistService, type NominatedEntry } from './waitlist.service';
export { type NominationStatus } from './waitlist-entry.entity';
export { WaitlistRetention } from './waitlist-retention.service';
export { WaitlistMemberNames } from './waitlist-member-names';
export {
  declareSignedUpWithRefJob,
  SIGNED_UP_WITH_REF_QUEUE,
  type WaitlistSignedUpWithRefPayload,
} from './jobs/signed-up-with-ref.job';
export { type WaitlistFilter, WaitlistFilterDto } from './waitlist-filter.dto';
export { WAITLIST_JOURNEY_SQL } from './waitlist-journey.sql';
