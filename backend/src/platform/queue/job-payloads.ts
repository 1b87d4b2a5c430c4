import { QueueName } from './queue-names';

/**
 * Maps each job name to its payload. Modules add their jobs by declaration merging in their
 * own jobs/ files:
 *
 *   declare module '../../../platform/queue/job-payloads' {
 *     interface JobPayloads { 'invitation.send': { invitationId: string } }
 *   }
 *
 * and put the job in the job map beside it:
 *
 *   declareJobs({ 'invitation.send': QueueName.Email });
 *
 * so `outbox.add(em, 'invitation.send', {...})` is type-checked everywhere, and the worker refuses
 * to start when the map and the @JobHandler providers disagree (JobDispatcher).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

/** The job map: which queue each job runs on. A job missing here cannot be enqueued. */
const JOB_MAP = new Map<string, QueueName>();

/** Puts jobs in the job map; a job declared twice on two queues is a programming error. */
export function declareJobs(jobs: { [N in JobName]?: QueueName }): void {
  for (const [name, queue] of Object.entries(jobs) as Array<[string, QueueName]>) {
    const known = JOB_MAP.get(name);
    if (known && known !== queue) throw new Error(`Job "${name}" is declared on two queues (${known}, ${queue})`);
    JOB_MAP.set(name, queue);
  }
}

/** Every job of the map, with its queue. */
export function declaredJobs(): ReadonlyMap<string, QueueName> {
  return JOB_MAP;
}

export function jobQueue(name: JobName): QueueName {
  const queue = JOB_MAP.get(name);
  if (!queue) throw new Error(`Job "${name}" is not in the job map: declare it with declareJobs beside its payload`);
  return queue;
}
