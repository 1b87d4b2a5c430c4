import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AnalyticsEvent } from './analytics-event.entity';
import type { AnalyticsEventDto } from './dto/track-events.dto';
import { withoutSecrets } from './secret-paths';

const MAX_PROPERTIES_BYTES = 2_000;

@Injectable()
export class AnalyticsService {
  constructor(private readonly em: EntityManager) {}

  async record(events: AnalyticsEventDto[]): Promise<number> {
    const em = this.em.fork();
    for (const event of events) {
      const properties =
        event.properties && JSON.stringify(event.properties).length <= MAX_PROPERTIES_BYTES ? event.properties : null;
      em.create(AnalyticsEvent, {
        name: event.name,
        path: event.path ? withoutSecrets(event.path) : null,
        visitorId: event.visitorId ?? null,
        properties,
      });
    }
    await em.flush();
    return events.length;
  }

  async count(name: string): Promise<number> {
    return this.em.fork().count(AnalyticsEvent, { name });
  }
}
