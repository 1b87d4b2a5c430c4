import { outboxInsertSql, sqlValue } from '../../platform/queue/outbox-sql';
import { consentInsertSql, WAITLIST_SIGN_UP_CONSENT } from '../privacy';

/**
 * Sign-ups, each with its welcome-email delivery record, the outbox row for its email job, the
 * consent ledger's rows for what the form's checkbox grants and, for a sign-up through a
 * nomination link (`ref`), the outbox row of the news for the nominations module: all written by
 * ONE statement, one transaction and one round trip for a whole batch of sign-ups (see
 * WaitlistService), so the landing page's hottest write stays close to a bare insert. It runs as
 * a prepared statement, parsed and planned once per database connection.
 *
 * Each placeholder is an array with one element per sign-up, in order: $1 id, $2 email (as typed,
 * trimmed and lower-cased), $3 emailNormalised, $4 fullName, $5 phoneNumber, $6 consent,
 * $7 utmSource, $8 utmMedium, $9 utmCampaign, $10 utmTerm, $11 utmContent, $12 ref,
 * $13 submittedAt, $14 confirmationTokenHash, $15 clientHash, $16 subjectKey (the consent
 * ledger's key, computed in JavaScript); $17 is the welcome email's queue and $18 the nomination
 * news' queue. Normalised emails must be distinct within a call. An address already on the list
 * (in its normalised form) inserts nothing; the statement answers the id and normalised email of
 * each sign-up it added. The outbox rows are built from the job map's types (outboxInsertSql), so
 * renaming a job or changing its payload fails to compile here too.
 * (npm run bench:waitlist runs this same statement, one sign-up per call, in its bare baseline.)
 */
export const JOIN_WAITLIST_SQL = `with entry as (
     insert into waitlist_entries
       (id, email, email_normalised, full_name, phone_number, consent, source, utm_source, utm_medium,
        utm_campaign, utm_term, utm_content, ref, submitted_at, confirmation_token_hash, client_hash, created_at)
     select s.id, s.email, s.email_normalised, s.full_name, s.phone_number, s.consent, 'landing', s.utm_source,
            s.utm_medium, s.utm_campaign, s.utm_term, s.utm_content, s.ref, s.submitted_at,
            s.confirmation_token_hash, s.client_hash, now()
       from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[],
                   $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[],
                   $14::text[], $15::text[])
              with ordinality as s(id, email, email_normalised, full_name, phone_number, consent, utm_source,
                                   utm_medium, utm_campaign, utm_term, utm_content, ref, submitted_at,
                                   confirmation_token_hash, client_hash, position)
      order by s.position
     on conflict (email_normalised) do nothing
     returning id, email, email_normalised, ref
   ), delivery as (
     insert into email_deliveries (id, key, kind, recipient, status, attempts, created_at, updated_at)
     select gen_random_uuid(), 'waitlist.welcome:' || entry.id, 'waitlist.welcome', entry.email, 'queued', 0, now(), now()
       from entry
   ), job as (
     ${outboxInsertSql('waitlist.welcome', { entryId: sqlValue<string>('entry.id') }, { queue: '$17', rows: 'entry' })}
   ), nominated as (
     ${outboxInsertSql(
       'waitlist.signed-up-with-ref',
       { entryId: sqlValue<string>('entry.id'), ref: sqlValue<string>('entry.ref') },
       { queue: '$18', rows: 'entry where entry.ref is not null' },
     )}
   ), consent as (
     ${consentInsertSql(WAITLIST_SIGN_UP_CONSENT, {
       rows: 'entry join unnest($1::uuid[], $16::text[]) as k(id, subject_key) on k.id = entry.id',
       subjectKey: 'k.subject_key',
       subjectId: 'entry.id',
     })}
   )
   select id, email_normalised from entry`;

/** The columns of one sign-up, in the order of the statement's array placeholders $1 to $16. */
export type SignUpColumns = [
  id: string,
  email: string,
  emailNormalised: string,
  fullName: string | null,
  phoneNumber: string | null,
  consent: boolean,
  utmSource: string | null,
  utmMedium: string | null,
  utmCampaign: string | null,
  utmTerm: string | null,
  utmContent: string | null,
  ref: string | null,
  submittedAt: Date | null,
  confirmationTokenHash: string,
  clientHash: string | null,
  subjectKey: string,
];

const COLUMNS = 16;

/** The statement's parameters for a batch of sign-ups: one array per column, then the two queues. */
export function joinWaitlistParameters(
  signUps: SignUpColumns[],
  queues: { welcome: string; nominated: string },
): unknown[] {
  const columns = Array.from({ length: COLUMNS }, (_, c) => signUps.map((signUp) => signUp[c]));
  return [...columns, queues.welcome, queues.nominated];
}
