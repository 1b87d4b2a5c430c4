import { EntityManager } from '@mikro-orm/postgresql';
import { AuditService } from '../src/modules/audit';
import { createTestApp, type TestApp } from './support/test-app';

interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  client_ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  changes: Record<string, [unknown, unknown]>;
}

describe('Audit log', () => {
  let t: TestApp;
  let audit: AuditService;

  beforeAll(async () => {
    t = await createTestApp();
    audit = t.app.get(AuditService);
  });
  afterAll(async () => {
    await t.close();
  });

  const execute = <T extends object>(sql: string, params: unknown[] = []) =>
    t.orm.em.getConnection().execute<T[]>(sql, params);

  /** The rows written after row `since` (the log outlives t.reset(): it refuses TRUNCATE). */
  const rowsAfter = (since: string) =>
    execute<AuditRow>('select * from audit_log where id > ? order by id', [since]);
  const lastId = async () =>
    (await execute<{ id: string }>('select coalesce(max(id), 0)::text as id from audit_log'))[0].id;

  describe('append-only', () => {
    let id: string;
    beforeAll(async () => {
      await audit.recordAs(null, '203.0.113.9', { action: 'test.append-only' });
      id = await lastId();
    });

    it.each([
      ['UPDATE', `update audit_log set action = 'rewritten' where id = ?`],
      ['DELETE', 'delete from audit_log where id = ?'],
    ])('refuses %s in the database itself', async (operation, sql) => {
      await expect(execute(sql, [id])).rejects.toThrow(`audit_log is append-only: ${operation} refused`);
      const [row] = await execute<AuditRow>('select * from audit_log where id = ?', [id]);
      expect(row.action).toBe('test.append-only');
    });

    it('refuses TRUNCATE in the database itself', async () => {
      await expect(execute('truncate audit_log')).rejects.toThrow('audit_log is append-only: TRUNCATE refused');
      expect(await lastId()).toBe(id);
    });
  });

  describe('record()', () => {
    it('names the actor and address of the scope it runs in, inside the caller transaction', async () => {
      const since = await lastId();
      const actor = { id: '00000000-0000-4000-8000-000000000001', username: 'ada', displayName: 'Ada L.', role: 'owner' };
      await audit.runAs(actor, '198.51.100.7', () =>
        t.orm.em.fork().transactional(async (tx: EntityManager) => {
          await audit.record(tx, { action: 'test.scope', target: { type: 'thing', id: '42' }, changes: { a: [1, 2] } });
        }),
      );
      expect(await rowsAfter(since)).toEqual([
        expect.objectContaining({
          actor_id: actor.id,
          actor_name: 'Ada L.',
          actor_role: 'owner',
          client_ip: '198.51.100.7',
          action: 'test.scope',
          target_type: 'thing',
          target_id: '42',
          changes: { a: [1, 2] },
        }),
      ]);
    });

    it('writes nothing when the transaction rolls back', async () => {
      const since = await lastId();
      await expect(
        t.orm.em.fork().transactional(async (tx: EntityManager) => {
          await audit.record(tx, { action: 'test.rolled-back' });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await rowsAfter(since)).toEqual([]);
    });
  });
});
