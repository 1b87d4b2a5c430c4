import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 20, sections 2 and 4: each event's RSVP deadline (null: 48 hours before the start) and
 * the hours before the start at which attending guests are reminded (7 days and 24 hours).
 * A paid guest asking for more guests keeps their paid count until the difference is paid:
 * `raise_to` is the count asked for. A guest who lowers the count is refunded the difference:
 * one `payment_refunds` row per partial refund of a payment (a financial record, never deleted).
 * A reminder weeks ahead is an outbox row delayed by more than an integer's 24.8 days of
 * milliseconds: `delay_ms` becomes a bigint.
 */
export class Migration20261126020000EventRsvpDeadlineAndReminders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table events add column rsvp_deadline text null`);
    this.addSql(`alter table events add column reminder_hours jsonb not null default '[168, 24]'`);
    this.addSql(`alter table rsvps add column raise_to integer null`);
    this.addSql(`alter table outbox_messages alter column delay_ms type bigint`);
    this.addSql(`
      create table payment_refunds (
        id uuid primary key default gen_random_uuid(),
        payment_id uuid not null references payments (id) on delete restrict,
        amount integer not null check (amount > 0),
        reason text not null,
        requested_at timestamptz not null default now(),
        refunded_at timestamptz null,
        error text null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index payment_refunds_payment_id_index on payment_refunds (payment_id)`);
    this.addSql(`alter table payments drop constraint if exists payments_refund_reason_check`);
    this.addSql(`
      alter table payments add constraint payments_refund_reason_check
        check (refund_reason in ('admin', 'no_seat', 'changed', 'duplicate', 'event_cancelled', 'guest_change'))`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table payments drop constraint if exists payments_refund_reason_check`);
    this.addSql(`update payments set refund_reason = 'changed' where refund_reason = 'guest_change'`);
    this.addSql(`
      alter table payments add constraint payments_refund_reason_check
        check (refund_reason in ('admin', 'no_seat', 'changed', 'duplicate', 'event_cancelled'))`);
    this.addSql(`drop table payment_refunds`);
    this.addSql(`alter table rsvps drop column raise_to`);
    this.addSql(`alter table outbox_messages alter column delay_ms type integer using least(delay_ms, 2147483647)`);
    this.addSql(`alter table events drop column reminder_hours`);
    this.addSql(`alter table events drop column rsvp_deadline`);
  }
}
