import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const services = createRequire(import.meta.url)(resolve(ROOT, 'infra', 'lib', 'services.cjs'));

/** Reads the e2e app's own database (E2E_DATABASE_URL, a fresh mf_e2e_* database). */
export async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await services.pgQuery(process.env.E2E_DATABASE_URL, sql, params);
  return result.rows as T[];
}
