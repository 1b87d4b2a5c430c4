import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import type { Logger as Pino } from 'pino';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { ROOT_LOGGER } from '../logging/logging.module';
import { ormConfig } from './mikro-orm.config';

@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      driver: PostgreSqlDriver,
      inject: [APP_CONFIG, ROOT_LOGGER],
      useFactory: (config: AppConfig, root: Pino) => ({
        // The migrator's line per migration, at debug: applyMigrations says what it applied in one.
        ...ormConfig(config.DATABASE_URL, {
          logger: (message) => root.debug({ context: 'MikroORM' }, message),
          pool: { min: 0, max: config.DATABASE_POOL_SIZE },
        }),
        // Services fork their own EntityManager where they need one, so no fork and no
        // AsyncLocalStorage store per request (see platform/logging/logging.module.ts).
        registerRequestContext: false,
        // Each module registers its own entities (MikroOrmModule.forFeature in its module file)
        // and the ORM takes them from there: platform/ names no module.
        autoLoadEntities: true,
      }),
    }),
  ],
})
export class DatabaseModule {}
