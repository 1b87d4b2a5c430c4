import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsRegistry } from '../metrics/metrics-registry';
import type { EmailDeliveryStatus } from './email-delivery.entity';
import { effectiveDeliverySql } from './email-delivery.service';

const STATUSES: EmailDeliveryStatus[] = ['queued', 'sending', 'sent', 'failed', 'skipped'];
/** A count that outlasts this is given up by PostgreSQL too, not only by the scrape. */
const STATEMENT_TIMEOUT = '2s';

/**
 * Email deliveries by status, as operators read them (an interrupted send counts as failed),
 * counted in PostgreSQL when Prometheus scrapes. The api reports it.
 */
@Injectable()
export class EmailDeliveryMetrics {
  constructor(registry: MetricsRegistry, orm: MikroORM) {
    const status = effectiveDeliverySql('d').status;
    const readCounts = registry.reading('email_deliveries', () =>
      orm.em
        .getConnection()
        .getKnex()
        .transaction(async (trx) => {
          await trx.raw(`set local statement_timeout = '${STATEMENT_TIMEOUT}'`);
          const { rows } = (await trx.raw(
            `select ${status} as status, count(*)::int as count from email_deliveries d group by 1`,
          )) as { rows: Array<{ status: string; count: number }> };
          return new Map(rows.map((row) => [row.status, row.count]));
        }),
    );
    new Gauge({
      name: 'email_deliveries',
      help: 'Email deliveries by status (queued, sending, sent, failed, skipped)',
      labelNames: ['status'],
      registers: [registry],
      async collect() {
        const counts = await readCounts();
        for (const name of STATUSES) this.set({ status: name }, counts ? (counts.get(name) ?? 0) : NaN);
      },
    });
  }
}
