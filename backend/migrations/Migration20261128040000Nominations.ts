import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 31, section 4: nominations, not a leaderboard.
 *
 * `nomination_links`: a member's personal links. The code (128 random bits, base64url) travels in
 * the link `/?ref=<code>`; a revoked link no longer credits anyone (the sign-up still joins).
 * `nominations_sent`: the people a member nominated by email, one per address (normalised) per
 * member, with the link the email carried. Who signed up through a link is the waitlist's to keep
 * (waitlist_entries.nominated_by_member_id): this module only decides it.
 */
export class Migration20261128040000Nominations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table nomination_links (
        code text primary key,
        member_id uuid not null references members (id) on delete cascade,
        created_at timestamptz not null default now(),
        revoked_at timestamptz null
      )`);
    this.addSql('create index nomination_links_member_idx on nomination_links (member_id, created_at)');
    this.addSql(`
      create table nominations_sent (
        id uuid primary key,
        member_id uuid not null references members (id) on delete cascade,
        email text not null,
        email_normalised text not null,
        name text not null,
        link_code text not null,
        sent_at timestamptz not null default now()
      )`);
    this.addSql(
      'create unique index nominations_sent_member_email_unique on nominations_sent (member_id, email_normalised)',
    );
    this.addSql('create index nominations_sent_member_idx on nominations_sent (member_id, sent_at)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table nominations_sent');
    this.addSql('drop table nomination_links');
  }
}
