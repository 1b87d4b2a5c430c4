import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { withTimeout } from '../../common/with-timeout';

const BATCH_SIZE = 200;
// Rows committed by another process are picked up by polling. (LISTEN/NOTIFY would be
// instant, but NOTIFY serialises every committing transaction on one global lock.)
const POLL_INTERVAL_MS = 500;
// A nudge waits this long before draining, so a burst of commits is moved in one batch
// (one transaction and one Redis round trip per queue) instead of one drain per row.
const NUDGE_DELAY_MS = 20;
// The claimed rows stay locked, in an open transaction, while Redis takes their jobs. BullMQ waits
// for a Redis that is down or stalled until it answers; past this the batch is given back and
// tried again later (a late add of the same job ids is a duplicate BullMQ ignores), so an outage
// never holds a transaction, its connection and its locks open for as long as it lasts.
export const OUTBOX_REDIS_WAIT_MS = 5000;

interface OutboxRow {
  id: string;
  job_id: string | null;
  queue: string;
  job_name: string;
  payload: Record<string, unknown>;
  delay_ms: number;
}

/**
 * Moves committed outbox rows into BullMQ, using the row's job id (else its own id) as the job
 * id: a crash between enqueue and marking the row re-adds the same id, which BullMQ ignores. Rows are claimed with
 * SKIP LOCKED, so any number of relays (one per api and worker process) can run at once.
 */
@Injectable()
export class OutboxRelay implements OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelay.name);
  private subscribed = false;
  private timer?: NodeJS.Timeout;
  private scheduled?: NodeJS.Timeout;
  private running = false;
  private pending = false;
  private draining?: Promise<unknown>;

  constructor(
    private readonly orm: MikroORM,
    private readonly moduleRef: ModuleRef,
  ) {}

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    if (!this.subscribed) {
      // Any commit in this process may carry outbox rows: look right away.
      this.orm.em.getEventManager().registerSubscriber({ afterTransactionCommit: () => this.nudge() });
      this.subscribed = true;
    }
    this.timer = setInterval(() => this.nudge(), POLL_INTERVAL_MS);
    this.timer.unref();
    this.nudge();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    if (this.scheduled) clearTimeout(this.scheduled);
    this.scheduled = undefined;
    await this.draining;
  }

  /** Stops claiming rows before the queues and the database it moves them between are closed. */
  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /** Asks for a drain soon; drains never overlap within a process. */
  nudge(): void {
    if (!this.running || this.scheduled) return;
    this.scheduled = setTimeout(() => {
      this.scheduled = undefined;
      this.runDrain();
    }, NUDGE_DELAY_MS);
    this.scheduled.unref();
  }

  private runDrain(): void {
    if (!this.running) return;
    if (this.draining) {
      this.pending = true;
      return;
    }
    this.draining = this.drain()
      .catch((err: Error) => this.logger.warn(`Outbox relay will retry: ${err.message}`))
      .finally(() => {
        this.draining = undefined;
        if (this.pending && this.running) {
          this.pending = false;
          this.nudge();
        }
      });
  }

  /** Enqueues every committed row; answers how many were moved. */
  async drain(): Promise<number> {
    let moved = 0;
    for (;;) {
      const count = await this.relayBatch();
      moved += count;
      if (count < BATCH_SIZE) return moved;
    }
  }

  private async relayBatch(): Promise<number> {
    const knex = this.orm.em.getConnection().getKnex();
    return knex.transaction(async (trx) => {
      const { rows } = (await trx.raw(
        `select id, job_id, queue, job_name, payload, delay_ms::float8 as delay_ms from outbox_messages
          where dispatched_at is null order by created_at limit ? for update skip locked`,
        [BATCH_SIZE],
      )) as { rows: OutboxRow[] };
      if (rows.length === 0) return 0;
      const byQueue = new Map<string, OutboxRow[]>();
      for (const row of rows) byQueue.set(row.queue, [...(byQueue.get(row.queue) ?? []), row]);
      await withTimeout(
        Promise.all(
          [...byQueue].map(([queue, queued]) =>
            this.queue(queue).addBulk(
              queued.map((row) => ({
                name: row.job_name,
                data: row.payload,
                opts: { jobId: row.job_id ?? row.id, delay: row.delay_ms > 0 ? row.delay_ms : undefined },
              })),
            ),
          ),
        ),
        OUTBOX_REDIS_WAIT_MS,
        `Redis did not take the jobs within ${OUTBOX_REDIS_WAIT_MS} ms`,
      );
      await trx.raw('update outbox_messages set dispatched_at = now() where id = any(?::uuid[])', [
        rows.map((r) => r.id),
      ]);
      return rows.length;
    });
  }

  private queue(name: string): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }
}
