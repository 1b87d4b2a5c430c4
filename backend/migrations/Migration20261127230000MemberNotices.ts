import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 30, section 4: a member is told when their concierge answers.
 *
 * `member_reads`: for each thread and request of a member that staff acted on, when the latest news
 * came and how far the member has read (news after the read mark is unread). A request's row names
 * its thread, so reading the thread reads its requests too.
 *
 * `member_notice_batches`: the email state of one request: the round planned (a delayed job per
 * round), since when something waits to be told, and when the last email went.
 * `member_notice_items`: what staff did while the member was away, each taken by one round only;
 * `emailed` is false for what the member had read (or was reading) when its round ran.
 */
export class Migration20261127230000MemberNotices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table member_reads (
        member_id uuid not null,
        subject_id uuid not null,
        subject text not null check (subject in ('thread', 'request')),
        thread_id uuid null,
        news_at timestamptz not null default now(),
        read_at timestamptz null,
        primary key (member_id, subject_id)
      )`);
    this.addSql('create index member_reads_thread on member_reads (member_id, thread_id) where thread_id is not null');
    this.addSql(`
      create table member_notice_batches (
        request_id uuid primary key,
        member_id uuid not null,
        thread_id uuid not null,
        round integer not null default 1,
        pending_since timestamptz null,
        last_sent_at timestamptz null
      )`);
    this.addSql(`
      create table member_notice_items (
        id uuid primary key,
        request_id uuid not null,
        kind text not null check (kind in ('reply', 'options', 'status')),
        author text not null,
        text text not null,
        round integer null,
        emailed boolean not null default false,
        created_at timestamptz not null default now()
      )`);
    this.addSql('create index member_notice_items_request on member_notice_items (request_id, round)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table member_notice_items');
    this.addSql('drop table member_notice_batches');
    this.addSql('drop table member_reads');
  }
}
