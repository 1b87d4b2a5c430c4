import { Migration } from '@mikro-orm/migrations';

/**
 * Data requests (issue 31, section 3): a person's request to export or erase what the club holds
 * about them, with the 30-day clock staff answer it by. After an erasure the row keeps only the
 * subject key (the consent ledger's key of the person), the kind, the dates and the counts: the
 * address as typed is cleared when it completes.
 *
 * The export's zip is kept in the row itself until its link expires (then a repeating job clears
 * it): every api and worker process reads it alike, with no shared disk, and it is a few kilobytes.
 *
 * The audit log stays append-only, with one exception an erasure needs: inside a transaction that
 * has set `maison.erasure = 'on'` (SET LOCAL, so it ends with the transaction), an UPDATE that
 * changes nothing but the `changes` column is let through, so the person's name or address can be
 * taken out of the short before/after a staff action recorded. DELETE and TRUNCATE stay refused.
 */
export class Migration20261128030000DataRequests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table data_requests (
        id uuid primary key,
        kind text not null check (kind in ('export', 'erasure')),
        status text not null check (status in ('received', 'verified', 'in-progress', 'completed', 'refused')),
        subject_email text null,
        subject_key text not null,
        member_id uuid null,
        requested_by text not null check (requested_by in ('person', 'member', 'staff')),
        staff_actor_id uuid null,
        received_at timestamptz not null default now(),
        due_at timestamptz not null,
        completed_at timestamptz null,
        export_file bytea null,
        export_file_name text null,
        download_token_hash text null,
        download_expires_at timestamptz null,
        counts jsonb not null default '{}',
        notes text null,
        updated_at timestamptz not null default now()
      );`);
    this.addSql('create index data_requests_queue_idx on data_requests (status, due_at);');
    this.addSql('create index data_requests_subject_idx on data_requests (subject_key, received_at desc);');
    this.addSql(
      'create unique index data_requests_download_idx on data_requests (download_token_hash) where download_token_hash is not null;',
    );
    this.addSql(
      'create index data_requests_expiry_idx on data_requests (download_expires_at) where export_file is not null;',
    );
    this.addSql(`
      create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and coalesce(current_setting('maison.erasure', true), '') = 'on'
           and (new.id, new.at, new.actor_id, new.actor_name, new.actor_role, new.client_ip, new.action,
                new.target_type, new.target_id)
               is not distinct from
               (old.id, old.at, old.actor_id, old.actor_name, old.actor_role, old.client_ip, old.action,
                old.target_type, old.target_id) then
          return new;
        end if;
        raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'P0001';
      end;
      $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'P0001';
      end;
      $$;`);
    this.addSql('drop table if exists data_requests;');
  }
}
