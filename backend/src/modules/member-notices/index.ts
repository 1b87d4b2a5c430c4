/**
 * What other modules may use of member notices: the desk tells it what staff did on a member's
 * request (MemberNoticesService.staffActed), and the concierge's lists ask which threads and
 * requests are unread. Its tables, presence check and emails are its own.
 */
export { MemberNoticesModule } from './member-notices.module';
export { MemberNoticesService, type StaffActionKind } from './member-notices.service';
export { withUnread } from './dto/unread.schemas';
