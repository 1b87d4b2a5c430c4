import { MikroOrmModule } from '@mikro-orm/nestjs';
import { OutboxMessage } from './outbox-message.entity';
import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import type { ConnectionOptions } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { redisConnectionOptions } from '../redis/redis-options';
import { OutboxRelay } from './outbox-relay.service';
import { OutboxService } from './outbox.service';
import { RepeatingJobs } from './repeating-jobs.service';
import { ALL_QUEUES } from './queue-names';

/** BullMQ on Redis: the queues (producers) and the outbox. Processors live in WorkerModule. */
@Global()
@Module({
  imports: [
    MikroOrmModule.forFeature([OutboxMessage]),
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: redisConnectionOptions(config) as ConnectionOptions,
        prefix: config.QUEUE_PREFIX ?? `${config.REDIS_PREFIX}:bull`,
        defaultJobOptions: {
          attempts: config.QUEUE_ATTEMPTS,
          backoff: { type: 'exponential', delay: config.QUEUE_BACKOFF_MS },
          // Completed jobs stay a week so a re-added job id is recognised as a duplicate.
          removeOnComplete: { age: 7 * 24 * 3600, count: 50_000 },
          removeOnFail: false,
        },
      }),
    }),
    BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name }))),
  ],
  providers: [OutboxService, OutboxRelay, RepeatingJobs],
  exports: [BullModule, OutboxService, OutboxRelay, RepeatingJobs],
})
export class QueueModule {}
