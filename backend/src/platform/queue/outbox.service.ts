import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
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
}
