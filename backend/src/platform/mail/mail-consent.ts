/**
 * The mail a person can choose not to receive. Strictly transactional mail (sign-in links and
 * codes, RSVP confirmations, receipts and refunds, passes, reminders of an RSVP'd event, data
 * requests, a resent confirmation link) has no category: it carries no unsubscribe and is never
 * suppressed.
 */
export const MAIL_CATEGORIES = ['updates', 'event-invitations', 'digests'] as const;
export type MailCategory = (typeof MAIL_CATEGORIES)[number];

/** Links that let the recipient of one email leave its category (RFC 8058) or choose what they receive. */
export interface UnsubscribeLinks {
  /** The page with an Unsubscribe button (and the preference page's link): the email's footer. */
  url: string;
  /** The one-click POST target (List-Unsubscribe): needs no session and no CSRF token. */
  oneClickUrl: string;
  /** The preference page for this person. */
  preferencesUrl: string;
}

/**
 * What the mail platform asks before sending an email with a category, answered by the privacy
 * module (which provides MAIL_CONSENT globally). The platform does not depend on any module: a
 * deployment without a provider sends every email, without unsubscribe headers.
 */
export interface MailConsent {
  allows(email: string, category: MailCategory): Promise<boolean>;
  unsubscribeFor(email: string, category: MailCategory): UnsubscribeLinks;
}

export const MAIL_CONSENT = Symbol('MAIL_CONSENT');
