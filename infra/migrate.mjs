#!/usr/bin/env node
/**
 * `npm run migrate`: applies the pending migrations to the app's database and exits, as its own
 * step before api and worker processes started with MIGRATE_ON_START=0 (the Kubernetes Job runs
 * backend/dist/src/migrate.js itself). The database is found as `npm start` finds it.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, ROOT } from './lib/prepare.mjs';

const require = createRequire(import.meta.url);

async function main() {
  ensureInstalled();
  await ensureBuilt({ only: ['backend'] });
  const services = require('./lib/services.cjs');
  services.loadDotEnv();
  const pg = await services.findPostgres(process.env.DATABASE_URL);
  const url = process.env.DATABASE_URL || services.withDatabase(pg.url, process.env.DATABASE_NAME || 'maison_fortuna');
  await services.ensureDatabase(url, { fresh: false });
  const entry = join(ROOT, 'backend', 'dist', 'src', 'migrate.js');
  const { status } = spawnSync(process.execPath, [entry], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
  await services.stopEmbeddedPostgres();
  process.exit(status ?? 1);
}

main().catch((error) => {
  process.stderr.write(`\n[maison] Could not migrate: ${error.message}\n`);
  process.exit(1);
});
