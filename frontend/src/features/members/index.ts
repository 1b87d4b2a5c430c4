/**
 * What other features may use of members: the 'Members' sign-in under the concierge's password
 * form, the signed-in member (the chat page's link to 'Your Account'), and the admin's Members tab
 * and 'Offer Membership' (features/admin). Everything else in this folder is its own.
 */
export { MembersSignIn } from './components/members-sign-in';
export { useMe, TIER_NAMES, type MemberTier } from './api/members';
/** The saved card an option's Accept charges (the option cards in the chat name it). */
export { brandName, useCards } from './api/cards';
export {
  useMembers,
  useMemberActions,
  type MemberRow,
  type MemberStatus,
  type MembersFilter,
  type OfferState,
} from './api/admin-members';
