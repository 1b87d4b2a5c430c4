/**
 * What other features may use of invitations (the payment page reads the guest's invitation, wears
 * the same ornament and fails the same way). Everything in this feature's folders is its own.
 */
export { fetchInvitation, invitationKey, type InvitationView } from './api/invitation';
export { Flourish } from './components/flourish';
export { InvitationError } from './components/invitation-error';
