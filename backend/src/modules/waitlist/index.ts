/**
 * What other modules may use of the waitlist: its service and the filter an invitation picks
 * entries by. Its entities and SQL are its own.
 */
export { WaitlistModule } from './waitlist.module';
export { WaitlistService } from './waitlist.service';
export { type WaitlistFilter, WaitlistFilterDto } from './waitlist-filter.dto';
