import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A site-wide switch held by the server (maintenance mode), one row per key; MaintenanceService upserts it with SQL. */
@Entity({ tableName: 'site_settings' })
export class SiteSetting {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ type: 'text' })
  key: string;

  @Property({ type: 'jsonb' })
  value: Record<string, unknown>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date;
}
