/**
 * What other features may use of invitations (the payment page reads the guest's invitation and
 * wears the same ornament). Everything in this feature's folders is its own.
 */
export { fetchInvitation, invitationKey, type InvitationView } from './api/invitation';
export { Flourish } from './components/flourish';
