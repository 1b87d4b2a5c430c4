import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 29, sections 1 and 2: members, offered from the waitlist. A member's set-up links, sessions,
 * passkeys and sign-in emails belong to the member and go with it. Tokens are kept as SHA-256
 * hashes only. The waitlist row a member came from keeps its link (members.waitlist_entry_id).
 */
export class Migration20261127120000Members extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table members (
        id uuid primary key,
        name text not null,
        email text not null,
        phone text null,
        tier text not null check (tier in ('nomad', 'voyager', 'patron', 'black')),
        status text not null default 'offered' check (status in ('offered', 'active', 'suspended')),
        joined_at timestamptz null,
        last_seen_at timestamptz null,
        waitlist_entry_id uuid null references waitlist_entries (id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql('create unique index members_email_unique on members (lower(email))');
    this.addSql('create index members_created_at_idx on members (created_at desc, id desc)');

    this.addSql(`
      create table membership_offers (
        id uuid primary key,
        member_id uuid not null references members (id) on delete cascade,
        token_hash text not null constraint membership_offers_token_hash_key unique,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz null,
        revoked_at timestamptz null
      )`);
    this.addSql('create index membership_offers_member_idx on membership_offers (member_id, created_at desc)');

    this.addSql(`
      create table member_sessions (
        id uuid primary key,
        member_id uuid not null references members (id) on delete cascade,
        token_hash text not null constraint member_sessions_token_hash_key unique,
        browser text not null,
        system text not null,
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        expires_at timestamptz not null
      )`);
    this.addSql('create index member_sessions_member_idx on member_sessions (member_id)');

    this.addSql(`
      create table member_passkeys (
        id uuid primary key,
        member_id uuid not null references members (id) on delete cascade,
        credential_id text not null constraint member_passkeys_credential_id_key unique,
        public_key bytea not null,
        counter bigint not null default 0,
        transports text[] not null default '{}',
        name text not null,
        created_at timestamptz not null default now(),
        last_used_at timestamptz null
      )`);
    this.addSql('create index member_passkeys_member_idx on member_passkeys (member_id)');

    this.addSql(`
      create table member_sign_in_links (
        id uuid primary key,
        member_id uuid not null references members (id) on delete cascade,
        token_hash text not null constraint member_sign_in_links_token_hash_key unique,
        code_hash text not null,
        attempts integer not null default 0,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz null
      )`);
    this.addSql('create index member_sign_in_links_member_idx on member_sign_in_links (member_id, created_at desc)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table member_sign_in_links');
    this.addSql('drop table member_passkeys');
    this.addSql('drop table member_sessions');
    this.addSql('drop table membership_offers');
    this.addSql('drop table members');
  }
}
