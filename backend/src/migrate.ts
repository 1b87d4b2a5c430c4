import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadMigrationEnvironment } from './config/environment';
import { exitOnBootError } from './platform/boot';
import { applyMigrations } from './platform/database/migrate';
import { ormConfig } from './platform/database/mikro-orm.config';

/**
 * `npm run migrate` (and the Kubernetes Job `migrate`): applies pending migrations, under the
 * same advisory lock as a process that migrates as it starts, and exits. Replicas started with
 * MIGRATE_ON_START=0 wait for it.
 */
async function migrate(): Promise<void> {
  const config = loadMigrationEnvironment();
  const orm = await MikroORM.init(
    ormConfig(config.DATABASE_URL, { logger: () => undefined, discovery: { warnWhenNoEntities: false } }),
  );
  try {
    const applied = await applyMigrations(orm, (message) => process.stdout.write(`Migrations: ${message}\n`));
    if (applied.length === 0) process.stdout.write('Migrations: none pending\n');
  } finally {
    await orm.close();
  }
}

migrate().catch(exitOnBootError);
