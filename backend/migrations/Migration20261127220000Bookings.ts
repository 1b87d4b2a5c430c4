import { Migration } from '@mikro-orm/migrations';

/**
 * Booking in one tap: a member's saved card (the gateway's customer and payment method, shown as
 * brand and last four) and the payment of an accepted option. One live payment per request: a
 * second accept, from another device at the same moment, finds the first and charges nothing.
 * The offline test gateway learns saved cards, holds and 3-D Secure.
 */
export class Migration20261127220000Bookings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table member_cards (
        id uuid primary key,
        member_id uuid not null references members (id) on delete cascade,
        customer_id text not null,
        payment_method_id text not null unique,
        brand text not null,
        last4 text not null,
        exp_month integer not null,
        exp_year integer not null,
        created_at timestamptz not null default now(),
        removed_at timestamptz null
      )`);
    this.addSql('create unique index member_cards_one_live on member_cards (member_id) where removed_at is null');

    this.addSql(`
      create table booking_payments (
        id uuid primary key,
        request_id uuid not null,
        option_id text not null,
        member_id uuid not null references members (id) on delete cascade,
        recipient_email text not null,
        card_id uuid null,
        amount integer not null check (amount > 0),
        currency text not null,
        status text not null default 'pending'
          check (status in ('pending', 'requires_action', 'held', 'succeeded', 'failed', 'released', 'refunded')),
        capture text not null check (capture in ('automatic', 'manual')),
        intent_id text null unique,
        hold_expires_at timestamptz null,
        refunded_amount integer not null default 0,
        refund_requested_at timestamptz null,
        failure_message text null,
        receipt_url text null,
        confirmed_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // The guard against charging twice: one payment at a time per request, whichever device asks.
    this.addSql(`create unique index booking_payments_one_live on booking_payments (request_id)
                   where status in ('pending', 'requires_action', 'held', 'succeeded')`);
    this.addSql('create index booking_payments_member_idx on booking_payments (member_id, created_at desc)');
    this.addSql(`create index booking_payments_holds_idx on booking_payments (hold_expires_at) where status = 'held'`);

    this.addSql(`alter table test_gateway_intents
                   add column capture_method text not null default 'automatic',
                   add column customer_id text null,
                   add column payment_method_id text null`);
    this.addSql(`
      create table test_gateway_payment_methods (
        id text primary key,
        customer_id text null,
        brand text not null,
        last4 text not null,
        exp_month integer not null,
        exp_year integer not null,
        behaviour text not null check (behaviour in ('succeeds', 'authenticates', 'declines')),
        created_at timestamptz not null default now()
      )`);
    this.addSql(`
      create table test_gateway_setup_intents (
        id text primary key,
        client_secret text not null,
        customer_id text not null,
        status text not null,
        payment_method_id text null,
        metadata jsonb not null default '{}',
        created_at timestamptz not null default now()
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists test_gateway_setup_intents');
    this.addSql('drop table if exists test_gateway_payment_methods');
    this.addSql(`alter table test_gateway_intents
                   drop column if exists capture_method, drop column if exists customer_id,
                   drop column if exists payment_method_id`);
    this.addSql('drop table if exists booking_payments');
    this.addSql('drop table if exists member_cards');
  }
}
