import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { AppConfig } from './config/environment';
import { CoreModule } from './core.module';
import { WorkerMetricsServer } from './modules/admin';
import { DOMAIN_MODULES } from './modules/domain-modules';
import { JobDispatcher } from './platform/queue/job-dispatcher.service';
import { JobMetrics } from './platform/queue/job-metrics';
import { queueProcessors } from './platform/queue/queue-processors';
import { ALL_QUEUES } from './platform/queue/queue-names';
import { WorkerHeartbeat } from './platform/queue/worker-heartbeat.service';

/**
 * The worker process: the same modules, plus one BullMQ processor per queue. No HTTP but /metrics.
 * Made for the process's settings, since a processor's lock is fixed when its class is declared.
 */
@Module({})
export class WorkerModule {
  static for(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [CoreModule, DiscoveryModule, ...DOMAIN_MODULES],
      providers: [
        JobDispatcher,
        JobMetrics,
        WorkerHeartbeat,
        WorkerMetricsServer,
        ...queueProcessors(ALL_QUEUES, config.QUEUE_LOCK_SECONDS),
      ],
    };
  }
}
