import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { Job, UnrecoverableError } from 'bullmq';
import { JOB_HANDLER, type JobHandlerInstance, type JobHandlerMeta } from './job-handler.decorator';
import { declaredJobs } from './job-payloads';

/**
 * Finds every @JobHandler provider at boot and runs a job with the handler for its name. Handlers
 * fork their own EntityManager, as the api's services do. The worker refuses to start (boot
 * throws) when the handlers and the job map (declareJobs) disagree: a job of the map with no
 * handler would wait in its queue forever, a handler of a job the map does not know would never
 * be given one.
 */
@Injectable()
export class JobDispatcher implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobDispatcher.name);
  private readonly handlers = new Map<string, JobHandlerInstance>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      if (!wrapper.metatype || !wrapper.instance) continue;
      const meta = this.reflector.get<JobHandlerMeta | undefined>(JOB_HANDLER, wrapper.metatype);
      if (!meta) continue;
      if (this.handlers.has(meta.name)) throw new Error(`Two handlers for job "${meta.name}"`);
      const queue = declaredJobs().get(meta.name);
      if (!queue) {
        throw new Error(
          `${wrapper.metatype.name} handles job "${meta.name}", which is not in the job map: declare it with declareJobs`,
        );
      }
      if (queue !== meta.queue) {
        throw new Error(
          `${wrapper.metatype.name} handles job "${meta.name}" on queue "${meta.queue}", but the job map puts it on "${queue}"`,
        );
      }
      this.handlers.set(meta.name, wrapper.instance as JobHandlerInstance);
    }
    const unhandled = [...declaredJobs().keys()].filter((name) => !this.handlers.has(name)).sort();
    if (unhandled.length) {
      throw new Error(
        `No handler for ${unhandled.map((name) => `"${name}"`).join(', ')} in the job map: add its @JobHandler class to its module's providers`,
      );
    }
    this.logger.debug(`Job handlers: ${[...this.handlers.keys()].sort().join(', ') || 'none'}`);
  }

  async run(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}"`);
    return handler.handle(job.data as never, job);
  }
}
