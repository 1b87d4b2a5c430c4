import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 30, section 1: what the club remembers about each member, each entry with its source; the
 * staff's own notes about a member, kept apart; and whether the member has paused remembering.
 * All of it belongs to the member and goes with them.
 */
export class Migration20261127200000MemberPreferences extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table member_preferences (
        id uuid primary key,
        member_id uuid not null references members (id) on delete cascade,
        kind text not null check (kind in ('dining', 'allergies', 'health', 'seating', 'flights', 'hotels', 'brands', 'dates', 'companions', 'assistant')),
        value text not null,
        sensitive boolean not null default false,
        source text not null check (source in ('chat', 'staff', 'member')),
        source_message_id uuid null,
        source_staff_name text null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql('create index member_preferences_member_idx on member_preferences (member_id, created_at)');

    this.addSql(`
      create table member_staff_notes (
        id uuid primary key,
        member_id uuid not null references members (id) on delete cascade,
        text text not null,
        author_name text not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql('create index member_staff_notes_member_idx on member_staff_notes (member_id, created_at)');

    this.addSql(`
      create table member_memory_settings (
        member_id uuid primary key references members (id) on delete cascade,
        paused boolean not null default false,
        updated_at timestamptz not null default now()
      )`);
  }
}
