import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 30, section 2: what the concierge looked up or did while writing a reply (its steps: a
 * search of the partners, a preference remembered, a question to the member), kept with the reply.
 */
export class Migration20261127210000ReplySteps extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table concierge_messages add column steps jsonb null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table concierge_messages drop column if exists steps');
  }
}
