import { Migration } from '@mikro-orm/migrations';

/**
 * Requests members can follow (issue 19): the lifecycle received, in progress, options proposed,
 * confirmed, completed, cancelled (new becomes received, fulfilled becomes completed); the
 * thread a request came from; the options staff propose and the one the member accepted; when
 * staff first answered; and a history row for every change. Concierge messages may now come
 * from a named human concierge, and a thread may be handed to a person (the AI then stays quiet).
 */
export class Migration20261126010000ConciergeRequests extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop index if exists user_requests_open_idx;');
    this.addSql('alter table user_requests drop constraint if exists user_requests_status_check;');
    this.addSql(`update user_requests set status = 'received' where status = 'new';`);
    this.addSql(`update user_requests set status = 'completed' where status = 'fulfilled';`);
    this.addSql(`
      alter table user_requests
        alter column status set default 'received',
        add constraint user_requests_status_check check (status in
          ('received', 'in_progress', 'options_proposed', 'confirmed', 'completed', 'cancelled')),
        add column thread_id uuid null,
        add column options jsonb null,
        add column accepted_option_id text null,
        add column first_response_at timestamptz null;`);
    this.addSql(
      `create index user_requests_open_idx on user_requests (session_id, updated_at desc)
         where status in ('received', 'in_progress', 'options_proposed');`,
    );
    this.addSql(`create index user_requests_status_created_idx on user_requests (status, created_at desc);`);
    this.addSql(`
      create table user_request_history (
        id uuid primary key,
        request_id uuid not null references user_requests (id) on delete cascade deferrable initially deferred,
        status text not null,
        actor text not null check (actor in ('member', 'staff', 'concierge')),
        actor_name text null,
        note text null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index user_request_history_request_idx on user_request_history (request_id, created_at);`);
    this.addSql(`insert into user_request_history (id, request_id, status, actor, created_at)
      select gen_random_uuid(), id, 'received', 'member', created_at from user_requests;`);

    this.addSql('alter table concierge_messages drop constraint if exists concierge_messages_role_check;');
    this.addSql(`
      alter table concierge_messages
        add constraint concierge_messages_role_check check (role in ('user', 'assistant', 'concierge')),
        add column author_name text null,
        add column attachment jsonb null;`);
    this.addSql(`alter table concierge_threads add column handoff_at timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table concierge_threads drop column if exists handoff_at;');
    this.addSql(`delete from concierge_messages where role = 'concierge';`);
    this.addSql('alter table concierge_messages drop constraint if exists concierge_messages_role_check;');
    this.addSql(`alter table concierge_messages drop column if exists author_name, drop column if exists attachment,
      add constraint concierge_messages_role_check check (role in ('user', 'assistant'));`);
    this.addSql('drop table if exists user_request_history;');
    this.addSql('drop index if exists user_requests_status_created_idx;');
    this.addSql('drop index if exists user_requests_open_idx;');
    this.addSql('alter table user_requests drop constraint if exists user_requests_status_check;');
    this.addSql(`update user_requests set status = 'new' where status = 'received';`);
    this.addSql(`update user_requests set status = 'fulfilled' where status in ('completed', 'confirmed');`);
    this.addSql(`update user_requests set status = 'in_progress' where status = 'options_proposed';`);
    this.addSql(`alter table user_requests alter column status set default 'new',
      drop column if exists thread_id, drop column if exists options,
      drop column if exists accepted_option_id, drop column if exists first_response_at,
      add constraint user_requests_status_check check (status in ('new', 'in_progress', 'fulfilled', 'cancelled'));`);
    this.addSql(
      `create index user_requests_open_idx on user_requests (session_id, updated_at desc) where status in ('new', 'in_progress');`,
    );
  }
}
