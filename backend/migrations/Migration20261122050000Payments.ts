import { Migration } from '@mikro-orm/migrations';

export class Migration20261122050000Payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table payments (
        id uuid primary key,
        rsvp_id uuid not null references rsvps (id) on delete cascade,
        amount integer not null check (amount > 0),
        currency text not null check (currency in ('USD', 'EUR', 'GBP', 'JPY', 'CHF')),
        status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed', 'refunded')),
        payment_method_type text null,
        transaction_id text null unique,
        payment_date timestamptz null,
        refunded_at timestamptz null,
        receipt_url text null,
        failure_message text null,
        refund_reason text null check (refund_reason in ('admin', 'no_seat')),
        refund_requested_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index payments_rsvp_idx on payments (rsvp_id, created_at desc);`);
    this.addSql(`create index payments_created_at_idx on payments (created_at desc, id desc);`);
    this.addSql(`
      create table stripe_events (
        id text primary key,
        type text not null,
        payload jsonb not null,
        received_at timestamptz not null default now(),
        processed_at timestamptz null,
        outcome text null
      );`);
    this.addSql(`
      create table test_gateway_intents (
        id text primary key,
        idempotency_key text not null unique,
        client_secret text not null,
        amount integer not null,
        currency text not null,
        status text not null,
        description text not null default '',
        metadata jsonb not null default '{}',
        charge_id text null unique,
        payment_method_type text null,
        receipt_url text null,
        last_error text null,
        refunded boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table test_gateway_refunds (
        id text primary key,
        idempotency_key text not null unique,
        payment_intent_id text not null references test_gateway_intents (id),
        amount integer not null,
        created_at timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists test_gateway_refunds;');
    this.addSql('drop table if exists test_gateway_intents;');
    this.addSql('drop table if exists stripe_events;');
    this.addSql('drop table if exists payments;');
  }
}
