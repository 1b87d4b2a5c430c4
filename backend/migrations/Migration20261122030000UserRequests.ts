import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030000UserRequests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table user_requests (
        id uuid primary key,
        session_id text not null,
        text text not null,
        status text not null default 'new' check (status in ('new', 'in_progress', 'fulfilled', 'cancelled')),
        parsed_entities jsonb null,
        parsed_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index user_requests_session_idx on user_requests (session_id, created_at desc);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists user_requests;');
  }
}
