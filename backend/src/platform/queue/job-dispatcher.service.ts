import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { Job, UnrecoverableError } from 'bullmq';
import { JOB_HANDLER, type JobHandlerInstance, type JobHandlerMeta } from './job-handler.decorator';

/**
 * Finds every @JobHandler provider at boot and runs a job with the handler for its name. Handlers
 * fork their own EntityManager, as the api's services do.
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
      this.handlers.set(meta.name, wrapper.instance as JobHandlerInstance);
    }
    this.logger.debug(`Job handlers: ${[...this.handlers.keys()].sort().join(', ') || 'none'}`);
  }

  async run(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}"`);
    return handler.handle(job.data as never, job);
  }
}
