import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

const KEY = 'maintenance';
/** How long a process trusts its copy of the switch before reading PostgreSQL again. */
const CACHE_MS = 2000;

/**
 * Maintenance mode, held in PostgreSQL (site_settings) so it survives restarts and is shared by
 * every api process; each process caches it for a moment so public pages cost no extra query.
 */
@Injectable()
export class MaintenanceService {
  private cached?: { enabled: boolean; until: number };

  constructor(private readonly em: EntityManager) {}

  async isEnabled(): Promise<boolean> {
    if (this.cached && this.cached.until > Date.now()) return this.cached.enabled;
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ value: { enabled?: boolean } }>>('select value from site_settings where key = ?', [KEY]);
    const enabled = rows[0]?.value?.enabled === true;
    this.cached = { enabled, until: Date.now() + CACHE_MS };
    return enabled;
  }

  async setEnabled(enabled: boolean): Promise<boolean> {
    await this.em
      .fork()
      .getConnection()
      .execute(
        `insert into site_settings (key, value, updated_at) values (?, ?::jsonb, now())
         on conflict (key) do update set value = excluded.value, updated_at = now()`,
        [KEY, JSON.stringify({ enabled })],
      );
    this.cached = { enabled, until: Date.now() + CACHE_MS };
    return enabled;
  }
}
