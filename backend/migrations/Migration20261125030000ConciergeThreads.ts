import { Migration } from '@mikro-orm/migrations';

/**
 * The members' threads, held by the server for the concierge session (the browser keeps a cache),
 * and their messages with the state of a streamed reply and the member's rating.
 */
export class Migration20261125030000ConciergeThreads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table concierge_threads (
        id uuid primary key,
        session_id text not null,
        title text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(
      `create index concierge_threads_session_id_updated_at_index on concierge_threads (session_id, updated_at);`,
    );
    this.addSql(`
      create table concierge_messages (
        id uuid primary key,
        thread_id uuid not null references concierge_threads (id) on delete cascade,
        seq bigserial not null,
        role text not null check (role in ('user', 'assistant')),
        content text not null,
        status text not null default 'complete' check (status in ('complete', 'streaming', 'stopped', 'error')),
        rating_helpful boolean null,
        rating_comment text null,
        rated_at timestamptz null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index concierge_messages_thread_id_seq_index on concierge_messages (thread_id, seq);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists concierge_messages;');
    this.addSql('drop table if exists concierge_threads;');
  }
}
