/**
 * What other features may use of nominations: the 'Nominate' section of the member's account
 * (features/members) and a member's nominations in the admin's Members tab (features/admin).
 */
export { NominateSection } from './components/nominate-section';
export { MemberNominationsDrawer } from './components/member-nominations-drawer';
