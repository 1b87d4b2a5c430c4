import { Migration } from '@mikro-orm/migrations';

/** Why a request left the open statuses: the member, the concierge team, or a newer request. */
export class Migration20261122080000UserRequestLifecycle extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table user_requests
        add column closed_reason text null check (closed_reason in ('member', 'staff', 'superseded'));`);
    this.addSql(
      `create index user_requests_open_idx on user_requests (session_id, updated_at desc) where status in ('new', 'in_progress');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists user_requests_open_idx;');
    this.addSql('alter table user_requests drop column if exists closed_reason;');
  }
}
