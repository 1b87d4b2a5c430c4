#!/usr/bin/env node
/**
 * `npm run backup`: a consistent pg_dump of the app's database (one snapshot: every table as of
 * the same instant, while the app keeps running) into BACKUP_DIR (.data/backups), named with the
 * database and the time, in pg_dump's custom format that `npm run restore -- FILE` reads.
 * A dump holds password hashes, guests' personal data and invitation codes: it is written for its
 * owner only (0600), in a folder only its owner may enter (0700).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { appDatabase, backupDir, connection, findTool, serverMajor, services } from './lib/pg-tools.mjs';

const say = (message) => process.stdout.write(`[maison] ${message}\n`);

async function main() {
  const { url } = await appDatabase();
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const pgDump = findTool('pg_dump', await serverMajor(url));
  const dir = backupDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A folder made earlier (or by hand) keeps its bits: tighten it too.
  chmodSync(dir, 0o700);
  // pg_dump creates the file with this process's umask: no bits for group or others from the start.
  process.umask(0o077);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `${name}-${stamp}.dump`);
  // Written under a temporary name: a dump cut short never looks like a backup.
  const partial = `${file}.partial`;
  const target = connection(url);
  say(`Backing up ${services.hidden(url)} with ${pgDump}...`);
  const result = spawnSync(pgDump, ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${target.url}`], {
    env: target.env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    rmSync(partial, { force: true });
    throw new Error(`pg_dump failed (exit code ${result.status}); see its message above`);
  }
  chmodSync(partial, 0o600);
  renameSync(partial, file);
  say(`Backup written: ${file} (${(statSync(file).size / 1024).toFixed(1)} KB)`);
  say(`Restore it into an empty database with: npm run restore -- ${file}`);
}

main()
  .catch((error) => {
    process.stderr.write(`\n[maison] Backup failed: ${error.message}\n`);
    process.exitCode = 1;
  })
  .finally(() => services.stopEmbeddedPostgres());
