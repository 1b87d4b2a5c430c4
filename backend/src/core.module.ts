import { Module } from '@nestjs/common';
import { CommonModule } from './common/common.module';
import { ConfigModule } from './config/config.module';
import { LoggingModule } from './platform/logging/logging.module';
import { DatabaseModule } from './platform/database/database.module';
import { MailModule } from './platform/mail/mail.module';
import { MetricsModule } from './platform/metrics/metrics.module';
import { QueueModule } from './platform/queue/queue.module';
import { RedisModule } from './platform/redis/redis.module';
import { LiveModule } from './platform/live/live.module';

/** What both process kinds share: configuration, logs, metrics, PostgreSQL, Redis, queues and mail. */
@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    MetricsModule,
    DatabaseModule,
    RedisModule,
    LiveModule,
    QueueModule,
    MailModule,
    CommonModule,
  ],
})
export class CoreModule {}
