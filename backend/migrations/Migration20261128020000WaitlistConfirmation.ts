import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 31, section 2 (double opt-in and clean addresses) and the waitlist's part of section 4
 * (nominations).
 *
 * - `email_normalised`: the form two addresses of one mailbox share (common/email-address.ts,
 *   normaliseEmail). Duplicates are told by it, so its unique constraint replaces the one on
 *   `email`; `email` keeps the address as typed (trimmed, lower-cased, as before), for sending.
 *   Rows from before are given the same form by SQL (waitlist_normalise_email: the same
 *   providers' rules); where two old rows share it, the one already written that way (else the
 *   oldest) takes it, and each other keeps its own address, so no row is lost and the constraint
 *   holds. A row inserted by SQL without the column (seeds, drills) gets it from a trigger.
 * - `confirmed_at`: set when the person opens the link of the welcome email and confirms. Rows
 *   from before signed up before double opt-in existed: they count as confirmed at their sign-up.
 * - `confirmation_token_hash`: SHA-256 of the token the email's link carries (the token itself is
 *   not stored anywhere).
 * - `nominated_by_member_id`, `nomination_status` ('credited' | 'suspect') and
 *   `nomination_reasons`: the member whose nomination link brought the sign-up (written by the
 *   nominations module through WaitlistService.markNomination).
 * - `client_hash`: HMAC of the client's address with SESSION_SECRET, so sign-ups from one client
 *   can be counted without keeping its address.
 */
export class Migration20261128020000WaitlistConfirmation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table waitlist_entries
        add column email_normalised text null,
        add column confirmed_at timestamptz null,
        add column confirmation_token_hash text null,
        add column nominated_by_member_id uuid null,
        add column nomination_status text null check (nomination_status in ('credited', 'suspect')),
        add column nomination_reasons text[] null,
        add column client_hash text null`);
    this.addSql(`update waitlist_entries set confirmed_at = created_at`);
    // normaliseEmail (common/email-address.ts) in SQL, for the rows written before and for rows
    // written by SQL that leaves the column out (seeds, drills): the app always gives its own.
    this.addSql(`
      create function waitlist_normalise_email(email text) returns text
        language sql immutable parallel safe as $$
        select case when local is null then address
                    else coalesce(nullif(
                           case when domain in ('gmail.com', 'googlemail.com') then replace(l2, '.', '') else l2 end,
                           ''), local)
                         || '@' || case when domain = 'googlemail.com' then 'gmail.com' else domain end
               end
          from (select address, local, domain,
                       case when domain in ('yahoo.com', 'ymail.com', 'rocketmail.com')
                            then split_part(l1, '-', 1) else l1 end as l2
                  from (select address, local, domain,
                               case when domain in ('gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com',
                                                    'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com',
                                                    'fastmail.com', 'fastmail.fm', 'proton.me', 'protonmail.com',
                                                    'pm.me', 'yandex.ru', 'yandex.com')
                                    then split_part(local, '+', 1) else local end as l1
                          from (select address, substring(address from '^(.+)@[^@]*$') as local,
                                       regexp_replace(substring(address from '@([^@]*)$'), '\\.$', '') as domain
                                  from (select lower(trim(email)) as address) a) b) c) d
      $$`);
    // Where two old rows share a form, the one already written that way (else the oldest) takes
    // it; each other keeps its own address (which no other row's form can be), so none is lost.
    this.addSql(`
      with ranked as (
        select id, address, normal,
               row_number() over (partition by normal order by (address = normal) desc, created_at, id) as rank
          from (select id, created_at, lower(trim(email)) as address,
                       waitlist_normalise_email(email) as normal
                  from waitlist_entries) s
      )
      update waitlist_entries w
         set email_normalised = case when ranked.rank = 1 then ranked.normal else ranked.address end
        from ranked
       where ranked.id = w.id`);
    this.addSql(`
      create function waitlist_entries_fill_normalised() returns trigger language plpgsql as $$
      begin
        new.email_normalised := waitlist_normalise_email(new.email);
        return new;
      end;
      $$`);
    // Only for an insert without the column (the WHEN is checked without calling the function),
    // so the sign-up statement, which always gives it, pays nothing.
    this.addSql(`
      create trigger waitlist_entries_fill_normalised before insert on waitlist_entries
        for each row when (new.email_normalised is null) execute function waitlist_entries_fill_normalised()`);
    this.addSql(`alter table waitlist_entries alter column email_normalised set not null`);
    this.addSql(`alter table waitlist_entries drop constraint waitlist_entries_email_key`);
    this.addSql(`
      alter table waitlist_entries
        add constraint waitlist_entries_email_normalised_key unique (email_normalised)`);
    this.addSql(`
      create unique index waitlist_entries_confirmation_token_idx on waitlist_entries (confirmation_token_hash)
       where confirmation_token_hash is not null`);
    // The clean-up job's and the 'Unconfirmed' filter's rows: few, and by age.
    this.addSql(`
      create index waitlist_entries_unconfirmed_idx on waitlist_entries (created_at, id)
       where confirmed_at is null`);
    // Whole, not partial: read in order it is the admin list's 'Nominated by' sort (nominated
    // first, by member, newest first; the rest after), as well as the filter by member.
    this.addSql(`
      create index waitlist_entries_nominated_by_idx on waitlist_entries
        (nominated_by_member_id, created_at desc, id desc)`);
    this.addSql(`
      create index waitlist_entries_client_hash_idx on waitlist_entries (client_hash, created_at)
       where client_hash is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists waitlist_entries_fill_normalised on waitlist_entries`);
    this.addSql(`drop function if exists waitlist_entries_fill_normalised()`);
    this.addSql(`drop function if exists waitlist_normalise_email(text)`);
    this.addSql(`drop index if exists waitlist_entries_client_hash_idx`);
    this.addSql(`drop index if exists waitlist_entries_nominated_by_idx`);
    this.addSql(`drop index if exists waitlist_entries_unconfirmed_idx`);
    this.addSql(`drop index if exists waitlist_entries_confirmation_token_idx`);
    this.addSql(`alter table waitlist_entries drop constraint if exists waitlist_entries_email_normalised_key`);
    this.addSql(`alter table waitlist_entries add constraint waitlist_entries_email_key unique (email)`);
    this.addSql(`
      alter table waitlist_entries
        drop column email_normalised, drop column confirmed_at, drop column confirmation_token_hash,
        drop column nominated_by_member_id, drop column nomination_status, drop column nomination_reasons,
        drop column client_hash`);
  }
}
