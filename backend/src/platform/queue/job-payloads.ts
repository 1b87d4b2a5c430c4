import { QueueName } from './queue-names';

/**
 * Maps each job name to its payload. Modules add their jobs by declaration merging in their
 * own jobs/ files:
 *
 *   declare module '../../../platform/queue/job-payloads' {
 *     interface JobPayloads { 'invitation.send': { invitationId: string } }
 *   }
 *
 * so `outbox.add(em, 'invitation.send', {...})` is type-checked everywhere.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

/** Which queue each job runs on. A job missing here cannot be enqueued (checked at boot). */
export const JOB_QUEUES = new Map<string, QueueName>();

export function jobQueue(name: string): QueueName {
  const queue = JOB_QUEUES.get(name);
  if (!queue) throw new Error(`Job "${name}" has no queue: decorate its handler with @JobHandler`);
  return queue;
}
