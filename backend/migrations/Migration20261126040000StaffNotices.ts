import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 19, section 4: staff are told of new requests and hand-offs by email, in digests.
 *
 * One row per thing to tell (a new request, or a member asking for a person), written in the
 * transaction that records it. `minute` is its digest window (minutes since the epoch, by the
 * database's clock); the window's delayed job claims every row still pending up to its window by
 * writing the digest's delivery key (and its window, `digest_minute`) on it, so each row is in
 * one digest only. A window whose digest ran is closed: a later notice goes to the next window.
 */
export class Migration20261126040000StaffNotices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table staff_notices (
        id uuid primary key,
        kind text not null check (kind in ('request', 'handoff')),
        request_id uuid null references user_requests (id) on delete cascade,
        thread_id uuid null,
        minute bigint not null,
        digest_key text null,
        digest_minute bigint null,
        created_at timestamptz not null default now(),
        check ((kind = 'request') = (request_id is not null))
      )`);
    this.addSql('create index staff_notices_pending on staff_notices (minute) where digest_key is null');
    this.addSql('create index staff_notices_digest on staff_notices (digest_key) where digest_key is not null');
    this.addSql('create index staff_notices_digest_minute on staff_notices (digest_minute)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table staff_notices');
  }
}
