import { SetMetadata } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { JobName, JobPayloads } from './job-payloads';
import { QueueName } from './queue-names';

export const JOB_HANDLER = Symbol('JOB_HANDLER');

export interface JobHandlerMeta {
  name: string;
  queue: QueueName;
}

/** A job's handler: thin, checks its payload and calls the owning service. */
export interface JobHandlerInstance<N extends JobName = JobName> {
  handle(payload: JobPayloads[N], job: Job): Promise<unknown>;
}

/**
 * Marks a provider as the handler of one job on one queue. The worker process discovers
 * handlers at boot and refuses to start unless they and the job map (declareJobs) agree.
 */
export function JobHandler(name: JobName, queue: QueueName): ClassDecorator {
  return SetMetadata(JOB_HANDLER, { name, queue } satisfies JobHandlerMeta);
}
