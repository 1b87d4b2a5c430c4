import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, Type } from '@nestjs/common';
import { Job, MetricsTime } from 'bullmq';
import { JobDispatcher } from './job-dispatcher.service';
import { JobMetrics } from './job-metrics';
import { QueueName } from './queue-names';

/** How many jobs of each queue one worker process runs at once. */
const CONCURRENCY: Record<QueueName, number> = {
  [QueueName.Email]: 5,
  [QueueName.ImageGeneration]: 2,
  [QueueName.RequestParsing]: 5,
  // One at a time: a member's messages are recorded in the order they were written.
  [QueueName.MemberMessages]: 1,
  [QueueName.StripeWebhooks]: 5,
  [QueueName.Maintenance]: 1,
};

/**
 * One BullMQ worker per queue; each hands its jobs to the JobDispatcher and times them for
 * /metrics. BullMQ's own metrics (completed and failed jobs per minute, kept two weeks in Redis:
 * about 120 KB a queue) feed the charts of the queue dashboard.
 */
function processorFor(queue: QueueName, lockSeconds: number): Type<WorkerHost> {
  @Processor(queue, {
    concurrency: CONCURRENCY[queue],
    metrics: { maxDataPoints: MetricsTime.TWO_WEEKS },
    // A dead worker's job is found stalled and taken up again within about two locks.
    lockDuration: lockSeconds * 1000,
    stalledInterval: lockSeconds * 1000,
  })
  class QueueProcessor extends WorkerHost {
    private readonly logger = new Logger(`queue:${queue}`);

    constructor(
      private readonly dispatcher: JobDispatcher,
      private readonly metrics: JobMetrics,
    ) {
      super();
    }

    process(job: Job): Promise<unknown> {
      return this.metrics.measure(queue, job.name, () => this.dispatcher.run(job));
    }

    @OnWorkerEvent('failed')
    onFailed(job: Job | undefined, error: Error): void {
      this.metrics.failed(queue, job?.name ?? 'unknown');
      this.logger.warn(
        `${job?.name ?? 'job'} ${job?.id ?? ''} failed (attempt ${job?.attemptsMade ?? '?'}): ${error.message}`,
      );
    }
  }
  Object.defineProperty(QueueProcessor, 'name', { value: `${queue}Processor` });
  return QueueProcessor;
}

/** The processors of these queues, holding a job's lock `lockSeconds` (QUEUE_LOCK_SECONDS). */
export function queueProcessors(queues: QueueName[], lockSeconds: number): Type<WorkerHost>[] {
  return queues.map((queue) => processorFor(queue, lockSeconds));
}
