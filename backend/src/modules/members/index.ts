/**
 * What other modules may use of members: the session a member's cookie names (and the news of
 * sessions ending), and members' names and tiers. The owner key of a member's things elsewhere is
 * `member:<memberId>`. Its entities and tables are its own.
 */
export { MembersModule } from './members.module';
export { MEMBER_COOKIE, MemberSessionsService, type MemberSessionView } from './member-sessions.service';
export { MembersService } from './members.service';
export { MEMBER_TIERS, type MemberTier } from './member.entity';
