import { EntityManager } from '@mikro-orm/postgresql';
import { AuditService } from '../audit';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';

const KEY = 'maintenance';
/** How often a process reads the switch again: another process's change reaches it within this. */
const REFRESH_MS = 2000;
/** A copy not refreshed for this long (PostgreSQL unreachable) is read again before it is trusted. */
const TRUST_MS = 3 * REFRESH_MS;

/**
 * Maintenance mode, held in PostgreSQL (site_settings) so it survives restarts and is shared by
 * every api process. Each process that asks keeps a copy, refreshed in the background every
 * REFRESH_MS, so a public request never waits on a query for it.
 */
@Injectable()
export class MaintenanceService implements OnModuleDestroy {
  private readonly logger = new Logger(MaintenanceService.name);
  private cached?: { enabled: boolean; readAt: number };
  private timer?: NodeJS.Timeout;
  /** Counts this process's switches, so a read begun before one never overwrites it. */
  private writes = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
  ) {}

  async isEnabled(): Promise<boolean> {
    if (this.cached && Date.now() - this.cached.readAt < TRUST_MS) return this.cached.enabled;
    const enabled = await this.read();
    this.keepFresh();
    return enabled;
  }

  async setEnabled(enabled: boolean): Promise<boolean> {
    this.writes += 1;
    await this.em.fork().transactional(async (tx) => {
      const [previous] = await tx.execute<Array<{ value: { enabled?: boolean } }>>(
        'select value from site_settings where key = ? for update',
        [KEY],
      );
      await tx.execute(
        `insert into site_settings (key, value, updated_at) values (?, ?::jsonb, now())
         on conflict (key) do update set value = excluded.value, updated_at = now()`,
        [KEY, JSON.stringify({ enabled })],
        'run',
      );
      await this.audit.record(tx, {
        action: enabled ? 'maintenance.enable' : 'maintenance.disable',
        target: { type: 'site-setting', id: KEY },
        changes: { enabled: [previous?.value?.enabled === true, enabled] },
      });
    });
    // Counted at both ends: a read that overlapped the write in any way is not kept.
    this.writes += 1;
    this.cached = { enabled, readAt: Date.now() };
    return enabled;
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async read(): Promise<boolean> {
    const writes = this.writes;
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ value: { enabled?: boolean } }>>('select value from site_settings where key = ?', [KEY]);
    const enabled = rows[0]?.value?.enabled === true;
    if (writes !== this.writes) return this.cached?.enabled ?? enabled;
    this.cached = { enabled, readAt: Date.now() };
    return enabled;
  }

  private keepFresh(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.read().catch((error: Error) => this.logger.warn(`Maintenance switch not refreshed: ${error.message}`));
    }, REFRESH_MS);
    this.timer.unref();
  }
}
