import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { pgTextArray } from '../../common/pg-array';
import { jobQueue, type JobName, type JobPayloads } from './job-payloads';
import { OutboxMessage } from './outbox-message.entity';

/**
 * Writes side effects as outbox rows inside the caller's transaction. Nothing reaches Redis
 * until the transaction commits; the relay is woken by the ORM's commit event in this process
 * and polls for rows committed by other processes.
 */
@Injectable()
export class OutboxService {
  async add<N extends JobName>(
    em: EntityManager,
    name: N,
    payload: JobPayloads[N],
    options: { delayMs?: number; jobId?: string } = {},
  ): Promise<OutboxMessage> {
    if (!em.isInTransaction()) {
      throw new Error(`Outbox rows must be written inside a transaction (job ${name})`);
    }
    const message = em.create(OutboxMessage, {
      // An outside id (a Stripe event's) names the job, so the same cause is one job however often it comes.
      jobId: options.jobId ?? null,
      queue: jobQueue(name),
      jobName: name,
      payload: payload as unknown as Record<string, unknown>,
      delayMs: options.delayMs ?? 0,
    });
    return message;
  }

  /**
   * One outbox row per payload, written by one statement (a batch of thousands of emails costs
   * one round trip, not thousands), inside the caller's transaction.
   */
  async addMany<N extends JobName>(em: EntityManager, name: N, payloads: Array<JobPayloads[N]>): Promise<void> {
    if (!em.isInTransaction()) {
      throw new Error(`Outbox rows must be written inside a transaction (job ${name})`);
    }
    if (payloads.length === 0) return;
    await em.execute(
      `insert into outbox_messages (id, queue, job_name, payload, delay_ms, created_at)
       select gen_random_uuid(), ?, ?, p, 0, clock_timestamp() from unnest(?::jsonb[]) with ordinality as t(p, n) order by n`,
      [jobQueue(name), name, pgTextArray(payloads.map((p) => JSON.stringify(p)))],
    );
  }
}
