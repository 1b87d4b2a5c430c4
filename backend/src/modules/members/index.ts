/**
 * What other modules may use of members: the session a member's cookie names (and the news of
 * sessions ending), and members' names and tiers. The owner key of a member's things elsewhere is
 * `member:<memberId>`. Its entities and tables are its own.
 */
export { MembersModule } from './members.module';
export { MEMBER_COOKIE, MemberSessionsService } from './member-sessions.service';
/** @public What resolve() answers: part of the module's published surface, named for callers that need it. */
export type { MemberSessionView } from './member-sessions.service';
export { MembersService } from './members.service';
export { MembersOnly, memberIdOf, type MemberRequest } from './members-only.guard';
export { MEMBER_TIERS, type MemberTier } from './member.entity';
export { MEMBERSHIP_OFFERED_SQL } from './member-journey.sql';
