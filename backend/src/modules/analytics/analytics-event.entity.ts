import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** One product-analytics event sent by the browser (page_view, scroll_75, submit_waitlist...). */
@Entity({ tableName: 'analytics_events' })
@Index({ name: 'analytics_events_name_idx', properties: ['name', 'createdAt'] })
export class AnalyticsEvent {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  name: string;

  @Property({ type: 'text', nullable: true })
  path?: string | null;

  @Property({ type: 'text', nullable: true })
  visitorId?: string | null;

  @Property({ type: 'jsonb', nullable: true })
  properties?: Record<string, unknown> | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
