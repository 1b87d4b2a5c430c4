import { Module } from '@nestjs/common';
import { CoreModule } from './core.module';
import { DOMAIN_MODULES } from './modules/domain-modules';
import { HealthModule } from './modules/health';
import { ProcessDrainModule } from './platform/http/process-drain';
import { StoreMetricsModule } from './store-metrics.module';

/** The HTTP api: every domain module's controllers under /api, and the stores' gauges for /metrics. */
@Module({ imports: [CoreModule, ProcessDrainModule, HealthModule, StoreMetricsModule, ...DOMAIN_MODULES] })
export class AppModule {}
