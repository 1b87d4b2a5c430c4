import { Module } from '@nestjs/common';
import { EmailDeliveryMetrics } from './platform/mail/email-delivery-metrics';
import { QueueStoreMetrics } from './platform/queue/store-metrics';

/**
 * Gauges of the shared stores (queues, outbox, email deliveries), read when Prometheus scrapes.
 * Only the api loads it: each worker would report the same numbers again.
 */
@Module({ providers: [QueueStoreMetrics, EmailDeliveryMetrics] })
export class StoreMetricsModule {}
