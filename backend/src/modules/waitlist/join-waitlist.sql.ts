/**
 * The sign-up, its welcome-email delivery record and the outbox row for the email job, written
 * by ONE statement: one transaction and one round trip, so the landing page's hottest write stays
 * close to a bare insert. Placeholders, in order: email, fullName, phoneNumber, consent, utmSource,
 * utmMedium, utmCampaign, utmTerm, utmContent, ref, submittedAt, the email queue's name.
 * An email already on the list inserts nothing and answers no row.
 * (npm run bench:waitlist runs this same statement in its bare baseline.)
 */
export const JOIN_WAITLIST_SQL = `with entry as (
     insert into waitlist_entries
       (id, email, full_name, phone_number, consent, source, utm_source, utm_medium, utm_campaign,
        utm_term, utm_content, ref, submitted_at, created_at)
     values (gen_random_uuid(), ?, ?, ?, ?, 'landing', ?, ?, ?, ?, ?, ?, ?, now())
     on conflict (email) do nothing
     returning id, email
   ), delivery as (
     insert into email_deliveries (id, key, kind, recipient, status, attempts, created_at, updated_at)
     select gen_random_uuid(), 'waitlist.welcome:' || entry.id, 'waitlist.welcome', entry.email, 'queued', 0, now(), now()
       from entry
   ), job as (
     insert into outbox_messages (id, queue, job_name, payload, delay_ms, created_at)
     select gen_random_uuid(), ?, 'waitlist.welcome', jsonb_build_object('entryId', entry.id), 0, now()
       from entry
   )
   select id from entry`;
