/**
 * The waitlist's screens beyond the landing page's form (which the landing route imports itself,
 * so the landing page's entry stays small): the welcome email's confirmation page.
 */
export { ConfirmPage } from './components/confirm-page';
