import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestApp } from './support/test-app';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require('../../infra/lib/services.cjs');

const ROOT = resolve(__dirname, '..', '..');

/**
 * `npm run backup` and `npm run restore`, run as a person runs them (plain node scripts, nothing
 * built), on a database of the app's schema of their own: back up, lose a row by hand, restore
 * into a fresh database after saying yes, and find the row.
 */
describe('Backups', () => {
  const suffix = randomBytes(3).toString('hex');
  const source = services.withDatabase(process.env.DATABASE_URL, `mf_test_backup_${suffix}`);
  const restored = `mf_test_restored_${suffix}`;
  const shared = `mf_test_shared_${suffix}`;
  const dir = mkdtempSync(join(tmpdir(), 'mf-backups-'));

  // Dumps of the tests on who may read them, apart from the others'.
  const privacyDir = mkdtempSync(join(tmpdir(), 'mf-backup-modes-'));

  const script = (name: string, args: string[] = [], input = '', backupDir = dir) =>
    spawnSync(process.execPath, [join(ROOT, 'infra', `${name}.mjs`), ...args], {
      cwd: ROOT,
      input,
      encoding: 'utf8',
      env: { ...process.env, SKIP_DOTENV: '1', DATABASE_URL: source, BACKUP_DIR: backupDir },
    });
  const modeOf = (path: string) => statSync(path).mode & 0o777;
  const query = async (url: string, sql: string) => (await services.pgQuery(url, sql)).rows;

  beforeAll(async () => {
    await services.ensureDatabase(source);
    // The app's own schema, as its migrations make it, with a sign-up in it.
    const t = await createTestApp({ env: { DATABASE_URL: source } });
    await t.close();
    await query(
      source,
      `insert into waitlist_entries (id, email, consent) values ('6f1c1c5e-6a32-4d3e-9d43-2f0e1b1f0a01', 'grace@example.com', true)`,
    );
  }, 120_000);

  afterAll(async () => {
    await services.dropDatabase(source).catch(() => undefined);
    await services.dropDatabase(services.withDatabase(source, restored)).catch(() => undefined);
    await services.dropDatabase(services.withDatabase(source, shared)).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    rmSync(privacyDir, { recursive: true, force: true });
  });

  it('backs up, and restores into a fresh database after a yes what was deleted since', async () => {
    const backup = script('backup');
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    const files = readdirSync(dir);
    expect(files).toEqual([
      expect.stringMatching(new RegExp(`^mf_test_backup_${suffix}-\\d{4}-\\d{2}-\\d{2}T.*\\.dump$`)),
    ]);
    const file = join(dir, files[0]);

    await query(source, `delete from waitlist_entries where email = 'grace@example.com'`);

    const declined = script('restore', [file, '--database', restored], 'no\n');
    expect(declined.status).toBe(1);
    expect(declined.stdout).toContain(`into the new database "${restored}"`);
    expect(declined.stdout).toContain('Nothing restored.');
    expect(
      await services.pgQuery(services.withDatabase(source, restored), 'select 1').catch((e: Error) => e),
    ).toMatchObject({ code: '3D000' });

    const accepted = script('restore', [file, '--database', restored], 'yes\n');
    expect(accepted.status).toBe(0);
    expect(accepted.stdout).toContain(`Restored into "${restored}".`);
    const target = services.withDatabase(source, restored);
    expect(await query(target, 'select email from waitlist_entries')).toEqual([{ email: 'grace@example.com' }]);
    // The restored database keeps the rules of the original: financial records restrict.
    expect(
      await query(target, `select confdeltype from pg_constraint where conname = 'payments_rsvp_id_fkey'`),
    ).toEqual([{ confdeltype: 'r' }]);
  });

  it('never restores into a database that holds tables', async () => {
    const file = join(dir, readdirSync(dir)[0]);
    const refused = script('restore', [file, '--yes']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`Database "mf_test_backup_${suffix}" is not empty`);
    expect(await query(source, 'select count(*)::int as count from waitlist_entries')).toEqual([{ count: 0 }]);
  });

  it('writes a dump only its owner may read, in a folder only its owner may open, even one made open before', () => {
    const folder = join(privacyDir, 'backups');
    mkdirSync(folder);
    chmodSync(folder, 0o755);
    const backup = script('backup', [], '', folder);
    expect(backup.status).toBe(0);
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(join(folder, files[0]))).toBe(0o600);
  });

  it('refuses to restore a dump that other users of the machine could read, and says how to fix it', async () => {
    const [dump] = readdirSync(dir);
    const file = join(privacyDir, 'shared.dump');
    copyFileSync(join(dir, dump), file);
    chmodSync(file, 0o644);
    const refused = script('restore', [file, '--database', shared, '--yes']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`${file} is open to other users of this machine (mode 644)`);
    expect(refused.stderr).toContain(`chmod 600 "${file}"`);
    expect(
      await services.pgQuery(services.withDatabase(source, shared), 'select 1').catch((e: Error) => e),
    ).toMatchObject({ code: '3D000' });
  });
});
