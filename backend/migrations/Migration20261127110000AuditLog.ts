import { Migration } from '@mikro-orm/migrations';

/**
 * The audit log: one row per state-changing staff action (and per sign-in), written in the same
 * transaction as the change. Append-only in the database itself: a trigger refuses UPDATE, DELETE
 * and TRUNCATE, whoever asks.
 */
export class Migration20261127110000AuditLog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table audit_log (
        id bigserial primary key,
        at timestamptz not null default now(),
        actor_id uuid null,
        actor_name text null,
        actor_role text null,
        client_ip text null,
        action text not null,
        target_type text null,
        target_id text null,
        changes jsonb not null default '{}'
      );`);
    this.addSql('create index audit_log_at_idx on audit_log (at desc, id desc);');
    this.addSql('create index audit_log_actor_idx on audit_log (actor_id, at desc, id desc);');
    this.addSql('create index audit_log_action_idx on audit_log (action, at desc, id desc);');
    this.addSql('create index audit_log_target_idx on audit_log (target_type, target_id, at desc, id desc);');
    this.addSql(`
      create function audit_log_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'P0001';
      end;
      $$;`);
    this.addSql(`
      create trigger audit_log_no_update_or_delete before update or delete on audit_log
        for each row execute function audit_log_refuse_change();`);
    this.addSql(`
      create trigger audit_log_no_truncate before truncate on audit_log
        for each statement execute function audit_log_refuse_change();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists audit_log;');
    this.addSql('drop function if exists audit_log_refuse_change();');
  }
}
