import { getQueueToken } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { jobQueue, type JobName, type JobPayloads } from './job-payloads';

/**
 * The one way to run a job later, through this queue module and the job map:
 * - once, after a delay: `outbox.add(em, name, payload, { delayMs })` (OutboxService), written with
 *   the change that causes it, so it is never lost;
 * - again and again: `repeating.every(name, everyMs, payload)` here, which keeps one schedule per
 *   job on the job's own queue (BullMQ's job schedulers, idempotent: any number of processes may
 *   call it at boot). Nothing else talks to BullMQ's queues for scheduling.
 */
@Injectable()
export class RepeatingJobs {
  constructor(private readonly moduleRef: ModuleRef) {}

  /** Runs `name` every `everyMs` (one schedule per job, named after it); 0 removes the schedule. */
  async every<N extends JobName>(name: N, everyMs: number, payload: JobPayloads[N]): Promise<void> {
    const queue = this.moduleRef.get<Queue>(getQueueToken(jobQueue(name)), { strict: false });
    if (everyMs === 0) {
      await queue.removeJobScheduler(name);
      return;
    }
    await queue.upsertJobScheduler(
      name,
      { every: everyMs },
      { name, data: payload, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }
}
