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
  /** The preference page reached from an email's link (frontend/src/features/privacy, email-preferences-page.tsx). */
  'email-preferences-v1':
    'Emails We Send You. Choose what {brand} writes to you. You may change this at any time. ' +
    'Club News and Updates: News of the club, its openings and its season. ' +
    'Invitations to Events: Invitations to our evenings and private events. ' +
    'Concierge Digests: A note gathering your concierge’s replies while you were away. ' +
    'Messages about your sign-in, your requests and replies, payments and passes always arrive.',
  /** The member's account page, "Emails We Send You" (emails-we-send-you.tsx). */
  'account-emails-v1':
    'Emails We Send You. Messages about your sign-in, your requests and replies, payments and passes always arrive. ' +
    'The rest is yours to choose. ' +
    'Club News and Updates: News of the club, its openings and its season. ' +
    'Invitations to Events: Invitations to our evenings and private events. ' +
    'Concierge Digests: A note gathering your concierge’s replies while you were away.',
  /** The member's account page, "What We Remember" (what-we-remember.tsx): the switch that pauses remembering. */
  'account-memory-v1':
    'What We Remember. What you tell the concierge, and what our staff note for you, so that each request begins ' +
    'where the last one ended. It is yours to change or forget. Remember what I tell the concierge.',
} as const;
export type ConsentWordingVersion = keyof typeof CONSENT_WORDINGS;

/** The words exactly as shown (the page's headings and labels in order, joined by spaces); a change of words is a new version. */
export function wordingHash(version: ConsentWordingVersion): string {
  return createHash('sha256').update(CONSENT_WORDINGS[version], 'utf8').digest('hex');
}
