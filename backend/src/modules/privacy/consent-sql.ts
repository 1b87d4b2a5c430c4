import {
  wordingHash,
  type ConsentAction,
  type ConsentPurpose,
  type ConsentSource,
  type ConsentSubjectType,
  type ConsentWordingVersion,
} from './consent-vocabulary';

/** What the waitlist form's checkbox grants: updates and event invitations, in the form's words. */
export const WAITLIST_SIGN_UP_CONSENT = {
  subjectType: 'waitlist',
  purposes: ['updates', 'event-invitations'],
  action: 'granted',
  source: 'form',
  wordingVersion: 'waitlist-form-v1',
} as const satisfies ConsentRowsSpec;

/** What a confirmation of the sign-up (the link in the welcome email) adds: 'confirmed' rows. */
export const WAITLIST_CONFIRM_CONSENT = {
  subjectType: 'waitlist',
  purposes: ['updates', 'event-invitations'],
  action: 'confirmed',
  source: 'email-link',
  wordingVersion: 'waitlist-form-v1',
} as const satisfies ConsentRowsSpec;

export interface ConsentRowsSpec {
  subjectType: ConsentSubjectType;
  purposes: readonly ConsentPurpose[];
  action: ConsentAction;
  source: ConsentSource;
  wordingVersion: ConsentWordingVersion | null;
}

/**
 * The ledger rows of a statement that writes its side effects itself (the waitlist's
 * one-statement sign-up), for a CTE: one row per purpose of `spec` for each row of `from.rows`.
 * `subjectKey` and `subjectId` are SQL expressions over those rows: the subject key is computed
 * in JavaScript (ConsentService.subjectKey) and passed in as one more array parameter, e.g.
 *
 *   consent as (
 *     ${consentInsertSql(WAITLIST_SIGN_UP_CONSENT, {
 *       rows: 'entry join unnest($1::text[], $13::text[]) as k(email, subject_key) on k.email = entry.email',
 *       subjectKey: 'k.subject_key',
 *       subjectId: 'entry.id',
 *     })}
 *   )
 *
 * The ledger's trigger keeps mail_preferences in the same statement. Everything but the three
 * expressions is a constant of this module, quoted here: nothing from a client enters the text.
 */
export function consentInsertSql(
  spec: ConsentRowsSpec,
  from: { rows: string; subjectKey: string; subjectId: string },
): string {
  const purposes = spec.purposes.map(quote).join(', ');
  const version = spec.wordingVersion ? quote(spec.wordingVersion) : 'null';
  const hash = spec.wordingVersion ? quote(wordingHash(spec.wordingVersion)) : 'null';
  return (
    `insert into consent_ledger (subject_key, subject_type, subject_id, purpose, action, wording_version, wording_hash, source)\n` +
    `     select ${from.subjectKey}, ${quote(spec.subjectType)}, ${from.subjectId}, consent_purpose.purpose, ` +
    `${quote(spec.action)}, ${version}, ${hash}, ${quote(spec.source)}\n` +
    `       from ${from.rows}\n` +
    `            cross join unnest(array[${purposes}]::text[]) with ordinality as consent_purpose(purpose, n)`
  );
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
