import { Migration } from '@mikro-orm/migrations';

/**
 * An outbox row may name its job (a Stripe event's own id); without one the relay uses the row's
 * id, as before.
 */
export class Migration20261122100000OutboxJobId extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table outbox_messages add column job_id text null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table outbox_messages drop column job_id;');
  }
}
