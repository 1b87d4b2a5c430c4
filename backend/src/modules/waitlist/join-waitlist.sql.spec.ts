import type { WaitlistWelcomePayload } from './jobs/send-waitlist-welcome.job';
import { JOIN_WAITLIST_SQL } from './join-waitlist.sql';
import { outboxInsertSql, sqlValue } from '../../platform/queue/outbox-sql';

const rows = { queue: '$17', rows: 'entry' };

describe('outbox rows written by SQL (outboxInsertSql)', () => {
  it('builds the row from the typed job name and payload', () => {
    const payload: { [K in keyof WaitlistWelcomePayload]: ReturnType<typeof sqlValue<string>> } = {
      entryId: sqlValue<string>('entry.id'),
    };
    expect(outboxInsertSql('waitlist.welcome', payload, rows)).toBe(
      `insert into outbox_messages (id, queue, job_name, payload, delay_ms, created_at)\n` +
        `     select gen_random_uuid(), $17, 'waitlist.welcome', jsonb_build_object('entryId', entry.id), 0, now()\n` +
        `       from entry`,
    );
    // The sign-up's single statement carries exactly that row.
    expect(JOIN_WAITLIST_SQL).toContain(outboxInsertSql('waitlist.welcome', payload, rows));
  });

  it('does not compile for a job the map does not know, or a payload that is not the job’s', () => {
    // Each line is a compile error (ts-jest type-checks this file): were one to compile, the
    // unused @ts-expect-error would fail this test file instead.
    const attempts = [
      // @ts-expect-error a renamed job
      () => outboxInsertSql('waitlist.welcomed', { entryId: sqlValue<string>('entry.id') }, rows),
      // @ts-expect-error a renamed payload field
      () => outboxInsertSql('waitlist.welcome', { waitlistEntryId: sqlValue<string>('entry.id') }, rows),
      // @ts-expect-error a missing payload field
      () => outboxInsertSql('waitlist.welcome', {}, rows),
      // @ts-expect-error a payload field of another type
      () => outboxInsertSql('waitlist.welcome', { entryId: sqlValue<number>('1') }, rows),
    ];
    expect(attempts).toHaveLength(4);
  });
});
