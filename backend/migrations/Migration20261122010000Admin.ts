import { Migration } from '@mikro-orm/migrations';

export class Migration20261122010000Admin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table admins (
        id uuid primary key,
        username text not null unique,
        password_hash text not null,
        created_at timestamptz not null default now()
      );`);
    // Site-wide switches held by the server (maintenance mode), one row per key.
    this.addSql(`
      create table site_settings (
        key text primary key,
        value jsonb not null,
        updated_at timestamptz not null default now()
      );`);
    // Admin waitlist: sorting by email and by net worth from an index; search by any part of the
    // email or name with trigrams when pg_trgm is available, by email prefix otherwise.
    this.addSql(`create index waitlist_entries_email_order_idx on waitlist_entries (email, id);`);
    this.addSql(
      `create index waitlist_entries_net_worth_idx on waitlist_entries (net_worth desc nulls last, created_at desc, id desc);`,
    );
    this.addSql(`create index waitlist_entries_email_prefix_idx on waitlist_entries (lower(email) text_pattern_ops);`);
    this.addSql(`
      do $$
      begin
        if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
          create extension if not exists pg_trgm;
          create index waitlist_entries_search_trgm_idx on waitlist_entries
            using gin ((lower(email || ' ' || coalesce(full_name, '') || ' ' || coalesce(phone_number, ''))) gin_trgm_ops);
        end if;
      end
      $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists waitlist_entries_search_trgm_idx;');
    this.addSql('drop index if exists waitlist_entries_email_prefix_idx;');
    this.addSql('drop index if exists waitlist_entries_net_worth_idx;');
    this.addSql('drop index if exists waitlist_entries_email_order_idx;');
    this.addSql('drop table if exists site_settings;');
    this.addSql('drop table if exists admins;');
  }
}
