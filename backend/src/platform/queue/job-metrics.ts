import { Injectable } from '@nestjs/common';
import { DelayedError } from 'bullmq';
import { Counter, Histogram } from 'prom-client';
import { MetricsRegistry } from '../metrics/metrics-registry';

/** How long the worker's jobs take and how often they fail, by queue and job name. */
@Injectable()
export class JobMetrics {
  private readonly duration: Histogram<'queue' | 'job_name' | 'outcome'>;
  private readonly failures: Counter<'queue' | 'job_name'>;

  constructor(registry: MetricsRegistry) {
    this.duration = new Histogram({
      name: 'bullmq_job_duration_seconds',
      help: 'Time a job ran in this worker, by outcome (completed, failed, delayed: put back to wait)',
      labelNames: ['queue', 'job_name', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    });
    this.failures = new Counter({
      name: 'bullmq_job_failures_total',
      help: 'Failed runs of a job (each try that failed, stalled jobs included)',
      labelNames: ['queue', 'job_name'],
      registers: [registry],
    });
  }

  async measure<T>(queue: string, jobName: string, run: () => Promise<T>): Promise<T> {
    const end = this.duration.startTimer({ queue, job_name: jobName });
    try {
      const result = await run();
      end({ outcome: 'completed' });
      return result;
    } catch (error) {
      end({ outcome: error instanceof DelayedError ? 'delayed' : 'failed' });
      throw error;
    }
  }

  failed(queue: string, jobName: string): void {
    this.failures.inc({ queue, job_name: jobName });
  }
}
