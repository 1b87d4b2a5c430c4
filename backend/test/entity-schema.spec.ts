import { MikroORM } from '@mikro-orm/postgresql';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The foreign keys the migrations declare. The entities hold plain id columns (a module reads
 * another's rows through its service, never through a relation), so MikroORM's metadata has no
 * foreign keys and its generator would drop these: the only difference allowed everywhere.
 */
const FOREIGN_KEYS: Array<[table: string, constraint: string]> = [
  ['booking_payments', 'booking_payments_member_id_fkey'],
  ['concierge_messages', 'concierge_messages_thread_id_fkey'],
  ['invitation_send_batches', 'invitation_send_batches_event_id_fkey'],
  ['invitations', 'invitations_event_id_fkey'],
  ['member_cards', 'member_cards_member_id_fkey'],
  ['member_memory_settings', 'member_memory_settings_member_id_fkey'],
  ['member_passkeys', 'member_passkeys_member_id_fkey'],
  ['member_preferences', 'member_preferences_member_id_fkey'],
  ['member_sessions', 'member_sessions_member_id_fkey'],
  ['member_sign_in_links', 'member_sign_in_links_member_id_fkey'],
  ['member_staff_notes', 'member_staff_notes_member_id_fkey'],
  ['members', 'members_waitlist_entry_id_fkey'],
  ['membership_offers', 'membership_offers_member_id_fkey'],
  ['nomination_links', 'nomination_links_member_id_fkey'],
  ['nominations_sent', 'nominations_sent_member_id_fkey'],
  ['payment_refunds', 'payment_refunds_payment_id_fkey'],
  ['payments', 'payments_rsvp_id_fkey'],
  ['rsvp_check_ins', 'rsvp_check_ins_event_id_fkey'],
  ['rsvp_check_ins', 'rsvp_check_ins_rsvp_id_fkey'],
  ['rsvps', 'rsvps_event_id_fkey'],
  ['rsvps', 'rsvps_invitation_id_fkey'],
  ['staff_notices', 'staff_notices_request_id_fkey'],
  ['test_gateway_refunds', 'test_gateway_refunds_payment_intent_id_fkey'],
  ['user_request_history', 'user_request_history_request_id_fkey'],
  ['user_requests', 'user_requests_merged_into_id_fkey'],
  ['vendor_applications', 'vendor_applications_vendor_id_fkey'],
  ['waiting_list_entries', 'waiting_list_entries_event_id_fkey'],
  ['waiting_list_entries', 'waiting_list_entries_invitation_id_fkey'],
  ['waiting_list_entries', 'waiting_list_entries_rsvp_id_fkey'],
];

/**
 * The Admin migration makes the waitlist's trigram search index only where PostgreSQL offers
 * pg_trgm; the entity declares it, so on a server without the extension the generator asks for it.
 */
const TRIGRAM_INDEX = 'waitlist_entries_search_trgm_idx';

const FOREIGN_KEY_DROP = /^alter table "(\w+)" drop constraint "(\w+)"$/;

/** The generator's statements, one string each, without the closing semicolon. */
function statements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

describe('entities and their tables', () => {
  let t: TestApp;
  let orm: MikroORM;

  beforeAll(async () => {
    t = await createTestApp();
    orm = t.app.get(MikroORM);
  });
  afterAll(async () => {
    await t.close();
  });

  const execute = <T extends object>(sql: string) => orm.em.getConnection().execute<T[]>(sql);

  /** What the schema generator would change so the database matches the entities. */
  async function differences() {
    const sql = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    const [trigram] = await execute<{ installed: boolean }>(
      `select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed`,
    );
    const foreignKeyDrops: Array<[string, string]> = [];
    const unexplained: string[] = [];
    for (const statement of statements(sql)) {
      const drop = FOREIGN_KEY_DROP.exec(statement);
      const trigramUnavailable = !trigram.installed && statement.startsWith(`create index ${TRIGRAM_INDEX} `);
      if (drop) foreignKeyDrops.push([drop[1], drop[2]]);
      else if (!trigramUnavailable) unexplained.push(statement);
    }
    return { foreignKeyDrops, unexplained };
  }

  it('finds nothing to change after the migrations but the foreign keys the entities do not model', async () => {
    const { foreignKeyDrops, unexplained } = await differences();

    expect(unexplained).toEqual([]);
    const byName = (a: [string, string], b: [string, string]) => a.join('.').localeCompare(b.join('.'));
    expect(foreignKeyDrops.sort(byName)).toEqual([...FOREIGN_KEYS].sort(byName));
    // The list names foreign keys only: a check or unique constraint of that name would be a real difference.
    const foreignKeys = await execute<{ name: string }>(
      `select conrelid::regclass::text || '.' || conname as name from pg_constraint
        where contype = 'f' and connamespace = 'public'::regnamespace`,
    );
    expect(foreignKeys.map((row) => row.name).sort()).toEqual(FOREIGN_KEYS.map((key) => key.join('.')).sort());
  });

  it('notices a column a migration adds without the entity', async () => {
    await execute('alter table admins add column drift_check text');
    try {
      const { unexplained } = await differences();
      expect(unexplained).toEqual(['alter table "admins" drop column "drift_check"']);
    } finally {
      await execute('alter table admins drop column drift_check');
    }
  });
});
