import { Migration } from '@mikro-orm/migrations';

/**
 * A request the concierge folds into a later ask of the same thing is closed as 'merged' and names
 * that request. The requests closed as 'superseded' before keep their reason: their history says
 * what happened to them.
 */
export class Migration20261127050000UserRequestMerges extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table user_requests drop constraint if exists user_requests_closed_reason_check;');
    this.addSql(`
      alter table user_requests
        add constraint user_requests_closed_reason_check
          check (closed_reason in ('member', 'staff', 'merged', 'superseded')),
        add column merged_into_id uuid null references user_requests (id) on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table user_requests drop column if exists merged_into_id;');
    this.addSql(`update user_requests set closed_reason = 'superseded' where closed_reason = 'merged';`);
    this.addSql('alter table user_requests drop constraint if exists user_requests_closed_reason_check;');
    this.addSql(`
      alter table user_requests
        add constraint user_requests_closed_reason_check check (closed_reason in ('member', 'staff', 'superseded'));`);
  }
}
