/**
 * Leaving a mailing: the unsubscribe and email-preference pages of an email's signed link, and
 * "Emails We Send You" for the member's account page.
 */
export { UnsubscribePage } from './components/unsubscribe-page';
export { EmailPreferencesPage } from './components/email-preferences-page';
export { EmailsWeSendYou } from './components/emails-we-send-you';
