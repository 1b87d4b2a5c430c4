#!/usr/bin/env node
/**
 * `npm run restore -- FILE [--database NAME] [--yes]`: restores a backup of `npm run backup`
 * into an empty database, after asking. The database is the app's (DATABASE_URL, else
 * DATABASE_NAME on the local or embedded PostgreSQL) unless --database names another on the
 * same server; it is created when missing, and a database holding any table is never touched.
 * --yes answers the question for scripts. A dump other users of the machine may open is refused:
 * it holds password hashes, guests' personal data and invitation codes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { appDatabase, connection, findTool, serverMajor, services } from './lib/pg-tools.mjs';

const say = (message) => process.stdout.write(`[maison] ${message}\n`);
const USAGE = 'Usage: npm run restore -- FILE [--database NAME] [--yes]';

async function confirmed(question) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question(`${question} Type yes to continue: `);
    return answer.trim().toLowerCase() === 'yes';
  } catch {
    return false;
  } finally {
    prompt.close();
  }
}

async function tableCount(url) {
  const { rows } = await services.pgQuery(
    url,
    `select count(*)::int as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  return rows[0].count;
}

/** Windows has no such bits: there the folder's access list decides. */
function refuseShared(file) {
  const mode = statSync(file).mode & 0o777;
  if (process.platform === 'win32' || (mode & 0o077) === 0) return;
  throw new Error(
    `${file} is open to other users of this machine (mode ${mode.toString(8).padStart(3, '0')}), and a dump holds password hashes, ` +
      `guests' personal data and invitation codes. Nothing restored. Make it private first (chmod 600 "${file}"), ` +
      'and check who could have read or changed it.',
  );
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--database');
  const database = at >= 0 ? args[at + 1] : undefined;
  const yes = args.includes('--yes');
  const files = args.filter((arg, i) => !arg.startsWith('--') && !(at >= 0 && i === at + 1));
  if (files.length !== 1 || (at >= 0 && !database)) throw new Error(USAGE);
  const file = resolve(files[0]);
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  refuseShared(file);

  const app = await appDatabase();
  const url = database ? services.withDatabase(app.url, database) : app.url;
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const pgRestore = findTool('pg_restore', await serverMajor(url));

  const exists = await services.pgQuery(url, 'select 1').then(
    () => true,
    (error) => (error.code === '3D000' ? false : Promise.reject(error)),
  );
  if (exists) {
    const tables = await tableCount(url);
    if (tables > 0) {
      throw new Error(
        `Database "${name}" is not empty (${tables} ${tables === 1 ? 'table' : 'tables'}): a restore goes into an empty database only, so nothing is overwritten. ` +
          'Restore into a new one with --database NAME (then point DATABASE_URL at it), or drop this one first.',
      );
    }
  }

  const { size, mtime } = statSync(file);
  const question = `Restore ${file} (${(size / 1024).toFixed(1)} KB, written ${mtime.toISOString()}) into the ${exists ? 'empty' : 'new'} database "${name}" on ${services.hidden(url)}?`;
  if (!yes && !(await confirmed(question))) {
    say('Nothing restored.');
    process.exitCode = 1;
    return;
  }
  if (!exists) await services.ensureDatabase(url);

  const target = connection(url);
  const result = spawnSync(
    pgRestore,
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.url}`, file],
    { env: target.env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`pg_restore failed (exit code ${result.status}); see its message above`);
  say(`Restored into "${name}".`);
  if (url !== app.url) say(`Start the app on it with DATABASE_URL=${services.hidden(url)}`);
}

main()
  .catch((error) => {
    process.stderr.write(`\n[maison] Restore failed: ${error.message}\n`);
    process.exitCode = 1;
  })
  .finally(() => services.stopEmbeddedPostgres());
