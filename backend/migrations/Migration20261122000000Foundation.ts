import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000Foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table outbox_messages (
        id uuid primary key,
        queue text not null,
        job_name text not null,
        payload jsonb not null,
        delay_ms integer not null default 0,
        created_at timestamptz not null default now(),
        dispatched_at timestamptz null
      );`);
    this.addSql(
      `create index outbox_messages_pending_idx on outbox_messages (created_at) where dispatched_at is null;`,
    );
    this.addSql(`
      create table email_deliveries (
        id uuid primary key,
        key text not null unique,
        kind text not null,
        recipient text not null,
        status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
        attempts integer not null default 0,
        last_error text null,
        message_id text null,
        claimed_at timestamptz null,
        sent_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table waitlist_entries (
        id uuid primary key,
        email text not null unique,
        full_name text null,
        phone_number text null,
        consent boolean not null,
        source text not null default 'landing',
        net_worth integer null,
        utm_source text null,
        utm_medium text null,
        utm_campaign text null,
        utm_term text null,
        utm_content text null,
        ref text null,
        submitted_at timestamptz null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index waitlist_entries_created_at_idx on waitlist_entries (created_at desc, id desc);`);
    this.addSql(`
      create table analytics_events (
        id uuid primary key,
        name text not null,
        path text null,
        visitor_id text null,
        properties jsonb null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index analytics_events_name_idx on analytics_events (name, created_at);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists analytics_events;');
    this.addSql('drop table if exists waitlist_entries;');
    this.addSql('drop table if exists email_deliveries;');
    this.addSql('drop table if exists outbox_messages;');
  }
}
