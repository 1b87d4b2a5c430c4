import { outboxInsertSql, sqlValue } from '../../platform/queue/outbox-sql';

/**
 * Sign-ups, each with its welcome-email delivery record and the outbox row for its email job,
 * written by ONE statement: one transaction and one round trip for a whole batch of sign-ups
 * (see WaitlistService), so the landing page's hottest write stays close to a bare insert. It
 * runs as a prepared statement, parsed and planned once per database connection.
 *
 * Each placeholder is an array with one element per sign-up, in order: $1 email, $2 fullName,
 * $3 phoneNumber, $4 consent, $5 utmSource, $6 utmMedium, $7 utmCampaign, $8 utmTerm,
 * $9 utmContent, $10 ref, $11 submittedAt; $12 is the email queue's name. Emails must be
 * distinct within a call. An email already on the list inserts nothing; the statement answers
 * the id and email of each sign-up it added. The outbox rows are built from the job map's types
 * (outboxInsertSql), so renaming the job or changing its payload fails to compile here too.
 * (npm run bench:waitlist runs this same statement, one sign-up per call, in its bare baseline.)
 */
export const JOIN_WAITLIST_SQL = `with entry as (
     insert into waitlist_entries
       (id, email, full_name, phone_number, consent, source, utm_source, utm_medium, utm_campaign,
        utm_term, utm_content, ref, submitted_at, created_at)
     select gen_random_uuid(), s.email, s.full_name, s.phone_number, s.consent, 'landing', s.utm_source,
            s.utm_medium, s.utm_campaign, s.utm_term, s.utm_content, s.ref, s.submitted_at, now()
       from unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::text[], $6::text[], $7::text[],
                   $8::text[], $9::text[], $10::text[], $11::timestamptz[])
              with ordinality as s(email, full_name, phone_number, consent, utm_source, utm_medium,
                                   utm_campaign, utm_term, utm_content, ref, submitted_at, position)
      order by s.position
     on conflict (email) do nothing
     returning id, email
   ), delivery as (
     insert into email_deliveries (id, key, kind, recipient, status, attempts, created_at, updated_at)
     select gen_random_uuid(), 'waitlist.welcome:' || entry.id, 'waitlist.welcome', entry.email, 'queued', 0, now(), now()
       from entry
   ), job as (
     ${outboxInsertSql('waitlist.welcome', { entryId: sqlValue<string>('entry.id') }, { queue: '$12', rows: 'entry' })}
   )
   select id, email from entry`;

/** The columns of one sign-up, in the order of the statement's array placeholders $1 to $11. */
export type SignUpColumns = [
  email: string,
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
];

/** The statement's parameters for a batch of sign-ups: one array per column, then the queue. */
export function joinWaitlistParameters(signUps: SignUpColumns[], queue: string): unknown[] {
  const columns = Array.from({ length: 11 }, (_, c) => signUps.map((signUp) => signUp[c]));
  return [...columns, queue];
}
