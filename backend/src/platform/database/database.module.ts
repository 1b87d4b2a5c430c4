import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { ormConfig } from './mikro-orm.config';

@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      driver: PostgreSqlDriver,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...ormConfig(config.DATABASE_URL, {}, config.LOG_LEVEL === 'silent'),
        // Services fork their own EntityManager where they need one, so no fork and no
        // AsyncLocalStorage store per request (see platform/logging/logging.module.ts).
        registerRequestContext: false,
      }),
    }),
  ],
})
export class DatabaseModule {}
