import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 31, section 1: consent on record.
 *
 * `consent_ledger`: every consent given, confirmed, withdrawn or erased, one row each, for a person
 * known only by their subject key (an HMAC of their normalised address, see ConsentService): no
 * address, name or client address, so an erasure leaves it whole and it keeps that the erasure
 * happened. Append-only in the database itself: a trigger refuses UPDATE, DELETE and TRUNCATE.
 *
 * `mail_preferences`: what each person receives now, one column per mail category. A trigger on
 * the ledger keeps it in the same transaction as every ledger row (granted: yes; withdrawn or
 * erased: no; confirmed: as it was, a confirmation does not undo a withdrawal made before it),
 * whoever writes the row (ConsentService.record, or the waitlist's one-statement sign-up). No row: the person has no ledger row for any mail category, and receives
 * every category (see ConsentService.allows).
 */
export class Migration20261128010000ConsentLedger extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table consent_ledger (
        id bigserial primary key,
        subject_key text not null,
        subject_type text not null check (subject_type in ('waitlist', 'member', 'guest')),
        subject_id uuid null,
        purpose text not null check (purpose in ('updates', 'event-invitations', 'digests', 'concierge-memory')),
        action text not null check (action in ('granted', 'confirmed', 'withdrawn', 'erased')),
        wording_version text null,
        wording_hash text null,
        source text not null check (source in ('form', 'email-link', 'account', 'staff', 'system')),
        actor_id uuid null,
        at timestamptz not null default now()
      );`);
    this.addSql('create index consent_ledger_subject_idx on consent_ledger (subject_key, purpose, id desc);');
    this.addSql(`
      create function consent_ledger_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'consent_ledger is append-only: % refused', tg_op using errcode = 'P0001';
      end;
      $$;`);
    this.addSql(`
      create trigger consent_ledger_no_update_or_delete before update or delete on consent_ledger
        for each row execute function consent_ledger_refuse_change();`);
    this.addSql(`
      create trigger consent_ledger_no_truncate before truncate on consent_ledger
        for each statement execute function consent_ledger_refuse_change();`);

    this.addSql(`
      create table mail_preferences (
        subject_key text primary key,
        updates boolean not null default true,
        event_invitations boolean not null default true,
        digests boolean not null default true,
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create function consent_ledger_keep_mail_preferences() returns trigger language plpgsql as $$
      declare
        receives boolean := new.action = 'granted';
      begin
        -- A confirmation confirms what was granted: it does not undo a withdrawal made in between.
        if new.action = 'confirmed' then
          return null;
        elsif new.purpose = 'updates' then
          insert into mail_preferences (subject_key, updates, updated_at) values (new.subject_key, receives, now())
            on conflict (subject_key) do update set updates = excluded.updates, updated_at = now();
        elsif new.purpose = 'event-invitations' then
          insert into mail_preferences (subject_key, event_invitations, updated_at) values (new.subject_key, receives, now())
            on conflict (subject_key) do update set event_invitations = excluded.event_invitations, updated_at = now();
        elsif new.purpose = 'digests' then
          insert into mail_preferences (subject_key, digests, updated_at) values (new.subject_key, receives, now())
            on conflict (subject_key) do update set digests = excluded.digests, updated_at = now();
        end if;
        return null;
      end;
      $$;`);
    this.addSql(`
      create trigger consent_ledger_mail_preferences after insert on consent_ledger
        for each row execute function consent_ledger_keep_mail_preferences();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists mail_preferences;');
    this.addSql('drop table if exists consent_ledger;');
    this.addSql('drop function if exists consent_ledger_keep_mail_preferences();');
    this.addSql('drop function if exists consent_ledger_refuse_change();');
  }
}
