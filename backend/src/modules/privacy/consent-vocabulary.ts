import { createHash } from 'node:crypto';

/** What a person may agree to. The first three are mail categories a person can leave. */
export const CONSENT_PURPOSES = ['updates', 'event-invitations', 'digests', 'concierge-memory'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const CONSENT_ACTIONS = ['granted', 'confirmed', 'withdrawn', 'erased'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

export const CONSENT_SOURCES = ['form', 'email-link', 'account', 'staff', 'system'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const CONSENT_SUBJECT_TYPES = ['waitlist', 'member', 'guest'] as const;
export type ConsentSubjectType = (typeof CONSENT_SUBJECT_TYPES)[number];

/**
 * The words a person agreed to, by version. The hash is the SHA-256 of the text exactly as written
 * here, `{brand}` standing for the brand's name (BRAND_NAME) as the page shows it. A new wording is
 * a new version: never edit a text that has shipped, its hash is in the ledger.
 */
export const CONSENT_WORDINGS = {
  /** The waitlist form's checkbox (the spec's words): grants updates and event-invitations. */
  'waitlist-form-v1': "I confirm I'm 25+ and consent to receive updates from {brand}.",
  /** The preference page reached from an email's link (and the one-click unsubscribe). */
  'email-preferences-v1':
    'Choose what {brand} writes to you: club news and updates; invitations to events; a digest of replies from your concierge. You can change this at any time.',
  /** The member's account page, "Emails we send you". */
  'account-emails-v1':
    'Emails we send you: club news and updates; invitations to events; a digest of replies from your concierge. Messages about your sign-in, your replies, payments and passes always arrive.',
  /** The member's account page, pausing or resuming what the concierge remembers. */
  'account-memory-v1':
    'Your concierge remembers your preferences between conversations. You may pause remembering at any time; nothing new is noted while paused.',
} as const;
export type ConsentWordingVersion = keyof typeof CONSENT_WORDINGS;

export function wordingHash(version: ConsentWordingVersion): string {
  return createHash('sha256').update(CONSENT_WORDINGS[version], 'utf8').digest('hex');
}
