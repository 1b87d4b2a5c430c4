import { Migration } from '@mikro-orm/migrations';

/**
 * Administrators become staff accounts: a display name (what a desk reply is signed with), a role,
 * a status (a suspended account cannot sign in), and the events a door account may check guests in
 * at (integer ids, as events have). The administrators there are already become owners, named by
 * their usernames until an owner renames them.
 */
export class Migration20261127100000StaffAccounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table admins
        add column display_name text null,
        add column role text null check (role in ('owner', 'events', 'concierge', 'door')),
        add column status text not null default 'active' check (status in ('active', 'suspended')),
        add column door_event_ids integer[] not null default '{}',
        add column updated_at timestamptz not null default now();`);
    this.addSql(`update admins set display_name = username, role = 'owner';`);
    this.addSql(`alter table admins alter column display_name set not null, alter column role set not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table admins
        drop column if exists updated_at,
        drop column if exists door_event_ids,
        drop column if exists status,
        drop column if exists role,
        drop column if exists display_name;`);
  }
}
