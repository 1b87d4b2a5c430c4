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
    options: { delayMs?: number; id?: string } = {},
  ): Promise<OutboxMessage> {
    if (!em.isInTransaction()) {
      throw new Error(`Outbox rows must be written inside a transaction (job ${name})`);
    }
    const message = em.create(OutboxMessage, {
      // A deterministic id (a UUID derived from an outside id) makes the job id deterministic too.
      ...(options.id ? { id: options.id } : {}),
      queue: jobQueue(name),
      jobName: name,
      payload: payload as unknown as Record<string, unknown>,
      delayMs: options.delayMs ?? 0,
    });
    return message;
  }
}
