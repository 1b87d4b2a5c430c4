import { Migration } from '@mikro-orm/migrations';

/** The foreign keys of the launch-party tables, and what deleting their target did before this migration. */
const KEYS = [
  { table: 'invitations', column: 'event_id', target: 'events' },
  { table: 'rsvps', column: 'invitation_id', target: 'invitations' },
  { table: 'rsvps', column: 'event_id', target: 'events' },
  { table: 'payments', column: 'rsvp_id', target: 'rsvps' },
] as const;

/**
 * Financial records are never deleted. Deleting an event or an invitation used to cascade into
 * its RSVPs and their payments, succeeded ones included. Now the keys restrict: the database
 * refuses to delete a row anything still points at, so the code must remove an event's
 * invitations and RSVPs itself, and cannot remove one that money is attached to. Payments and
 * provider events (webhooks) also refuse a DELETE outright, with the error a restricting key
 * raises (so the code reads both alike); TRUNCATE (test resets) is not a row delete.
 *
 * Refunds gain a reason: the event was cancelled.
 */
export class Migration20261125010000FinancialRecordsKept extends Migration {
  override async up(): Promise<void> {
    for (const { table, column, target } of KEYS) this.relink(table, column, target, 'restrict');
    this.addSql(`
      create function refuse_financial_record_delete() returns trigger language plpgsql as $$
      begin
        raise exception 'Financial records are never deleted (% %)', tg_table_name, old.id
          using errcode = 'foreign_key_violation';
      end $$;`);
    for (const table of ['payments', 'stripe_events']) {
      this.addSql(`
        create trigger ${table}_never_deleted before delete on ${table}
          for each row execute function refuse_financial_record_delete();`);
    }
    this.addSql(`alter table payments drop constraint if exists payments_refund_reason_check;`);
    this.addSql(`
      alter table payments add constraint payments_refund_reason_check
        check (refund_reason in ('admin', 'no_seat', 'changed', 'duplicate', 'event_cancelled'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table payments drop constraint if exists payments_refund_reason_check;`);
    this.addSql(`update payments set refund_reason = 'admin' where refund_reason = 'event_cancelled';`);
    this.addSql(`
      alter table payments add constraint payments_refund_reason_check
        check (refund_reason in ('admin', 'no_seat', 'changed', 'duplicate'));`);
    for (const table of ['payments', 'stripe_events']) this.addSql(`drop trigger ${table}_never_deleted on ${table};`);
    this.addSql(`drop function refuse_financial_record_delete();`);
    for (const { table, column, target } of KEYS) this.relink(table, column, target, 'cascade');
  }

  private relink(table: string, column: string, target: string, onDelete: 'restrict' | 'cascade'): void {
    this.addSql(`
      alter table ${table}
        drop constraint ${table}_${column}_fkey,
        add constraint ${table}_${column}_fkey foreign key (${column}) references ${target} (id) on delete ${onDelete};`);
  }
}
