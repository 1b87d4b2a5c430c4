import { Migration } from '@mikro-orm/migrations';

/**
 * Money and email correctness for Launch Party and Payments:
 * - email deliveries hold a renewable lease instead of a bare claim time, and may be 'skipped';
 * - payments remember when a newer answer superseded them and why a refund was refused;
 * - RSVPs remember when their one payment hold started and which confirmation is current.
 */
export class Migration20261122090000LaunchPartyMoney extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table email_deliveries drop constraint if exists email_deliveries_status_check;`);
    this.addSql(`
      alter table email_deliveries
        add constraint email_deliveries_status_check
          check (status in ('queued', 'sending', 'sent', 'failed', 'skipped')),
        add column claim_token uuid null,
        add column lease_expires_at timestamptz null,
        add column gave_up_at timestamptz null;`);
    // A claim taken before this migration gets the lease it would have had.
    this.addSql(`
      update email_deliveries set lease_expires_at = claimed_at + interval '30 seconds'
       where status = 'sending' and claimed_at is not null;`);

    this.addSql(`alter table payments drop constraint if exists payments_refund_reason_check;`);
    this.addSql(`
      alter table payments
        add constraint payments_refund_reason_check
          check (refund_reason in ('admin', 'no_seat', 'changed', 'duplicate')),
        add column superseded_at timestamptz null,
        add column refund_error text null;`);

    this.addSql(`
      alter table rsvps
        add column hold_started_at timestamptz null,
        add column confirmation_version integer not null default 0;`);
    this.addSql(`update rsvps set hold_started_at = responded_at where hold_expires_at is not null;`);
    // Confirmations are now keyed by version: what was sent so far is version 1.
    this.addSql(`update rsvps set confirmation_version = 1 where status = 'attending';`);
    this.addSql(`
      update email_deliveries set key = key || ':1'
       where kind = 'rsvp.confirmation' and key ~ '^rsvp\\.confirmation:[0-9a-f-]{36}$';`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      update email_deliveries set key = regexp_replace(key, ':[0-9]+$', '')
       where kind = 'rsvp.confirmation';`);
    this.addSql(`alter table rsvps drop column confirmation_version, drop column hold_started_at;`);
    this.addSql(`alter table payments drop constraint if exists payments_refund_reason_check;`);
    this.addSql(`update payments set refund_reason = 'admin' where refund_reason in ('changed', 'duplicate');`);
    this.addSql(`
      alter table payments
        drop column refund_error,
        drop column superseded_at,
        add constraint payments_refund_reason_check check (refund_reason in ('admin', 'no_seat'));`);
    this.addSql(`update email_deliveries set status = 'failed' where status = 'skipped';`);
    this.addSql(`alter table email_deliveries drop constraint if exists email_deliveries_status_check;`);
    this.addSql(`
      alter table email_deliveries
        drop column gave_up_at,
        drop column lease_expires_at,
        drop column claim_token,
        add constraint email_deliveries_status_check check (status in ('queued', 'sending', 'sent', 'failed'));`);
  }
}
