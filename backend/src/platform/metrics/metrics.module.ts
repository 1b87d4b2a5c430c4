import { Global, Module } from '@nestjs/common';
import { MetricsRegistry } from './metrics-registry';

/** The process's metrics registry, which /metrics serves (modules/admin/metrics). */
@Global()
@Module({
  providers: [{ provide: MetricsRegistry, useFactory: () => new MetricsRegistry() }],
  exports: [MetricsRegistry],
})
export class MetricsModule {}
