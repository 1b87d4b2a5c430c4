import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import { MetricsRegistry } from '../metrics/metrics-registry';
import { ALL_QUEUES } from './queue-names';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * Per-queue job counts and the outbox's backlog, read from Redis and PostgreSQL when Prometheus
 * scrapes. The api reports them (every process would report the same numbers).
 */
@Injectable()
export class QueueStoreMetrics {
  constructor(registry: MetricsRegistry, moduleRef: ModuleRef, orm: MikroORM) {
    const queue = (name: string) => moduleRef.get<Queue>(getQueueToken(name), { strict: false });
    const readCounts = registry.reading('queues', () =>
      Promise.all(ALL_QUEUES.map(async (name) => ({ name, counts: await queue(name).getJobCounts(...STATES) }))),
    );
    new Gauge({
      name: 'bullmq_queue_jobs',
      help: 'Jobs in each queue by state (waiting, active, delayed, failed)',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        const read = await readCounts();
        for (const name of ALL_QUEUES) {
          const counts = read?.find((entry) => entry.name === name)?.counts;
          for (const state of STATES) this.set({ queue: name, state }, counts?.[state] ?? NaN);
        }
      },
    });

    const readOutbox = registry.reading('outbox', async () => {
      const [row] = await orm.em.getConnection().execute<Array<{ backlog: number; age: number | null }>>(
        // The partial index on pending rows answers both.
        `select count(*)::int as backlog, extract(epoch from now() - min(created_at))::float8 as age
           from outbox_messages where dispatched_at is null`,
      );
      return row;
    });
    new Gauge({
      name: 'outbox_backlog',
      help: 'Outbox rows committed but not yet handed to their queue',
      registers: [registry],
      async collect() {
        this.set((await readOutbox())?.backlog ?? NaN);
      },
    });
    new Gauge({
      name: 'outbox_oldest_age_seconds',
      help: 'Age of the oldest outbox row not yet handed to its queue (0 when none waits)',
      registers: [registry],
      async collect() {
        const read = await readOutbox();
        this.set(read ? (read.age ?? 0) : NaN);
      },
    });
  }
}
