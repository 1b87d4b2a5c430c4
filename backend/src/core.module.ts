import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { CommonModule } from './common/common.module';
import { APP_CONFIG, ConfigModule } from './config/config.module';
import type { AppConfig } from './config/environment';
import { DatabaseModule } from './platform/database/database.module';
import { MailModule } from './platform/mail/mail.module';
import { QueueModule } from './platform/queue/queue.module';
import { RedisModule } from './platform/redis/redis.module';

/** What both process kinds share: configuration, logs, PostgreSQL, Redis, queues and mail. */
@Module({
  imports: [
    ConfigModule,
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.LOG_LEVEL,
          redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          autoLogging: { ignore: (req) => req.url === '/api/health' },
        },
      }),
    }),
    DatabaseModule,
    RedisModule,
    QueueModule,
    MailModule,
    CommonModule,
  ],
})
export class CoreModule {}
