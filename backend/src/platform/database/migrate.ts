import { MikroORM } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';

// Any constant works; it only has to be the same in every process of ours.
const MIGRATION_LOCK_KEY = 72_311_019;

/**
 * Applies pending migrations under a PostgreSQL advisory lock, so an api and a worker
 * starting together never run them twice.
 */
export async function applyMigrations(
  orm: MikroORM,
  log: (message: string) => void = (message) => new Logger('Migrations').log(message),
): Promise<string[]> {
  const connection = orm.em.getConnection();
  const knex = connection.getKnex();
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY]);
    const applied = (await orm.getMigrator().up()).map((m) => m.name);
    if (applied.length > 0) {
      const last = applied[applied.length - 1];
      log(`applied ${applied.length}, up to ${last}`);
    }
    return applied;
  });
}

/**
 * Resolves once no migration is pending (another step applies them: npm run migrate, the
 * Kubernetes Job), checking every `everyMs`. Until then an api answers not-ready; a worker waits.
 */
export async function waitForMigrations(orm: MikroORM, log: (message: string) => void, everyMs = 2000): Promise<void> {
  let said = false;
  for (;;) {
    const pending = await orm
      .getMigrator()
      .getPendingMigrations()
      .catch(() => null);
    if (pending && pending.length === 0) return;
    if (!said && pending) log(`waiting for ${pending.length} migrations to be applied (npm run migrate)`);
    said ||= pending !== null;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
