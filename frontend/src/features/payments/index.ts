/**
 * What other features may use of payments: a card form in place (saving a card, or paying an
 * intent) and 3-D Secure in place, on Stripe or the offline test gateway alike. Everything else in
 * this feature's folders is its own.
 */
export { CardEntry } from './components/card-entry';
export { CardAuthentication } from './components/card-authentication';
export type { CardOutcome } from './api/cards';
