import { Module } from '@nestjs/common';
import { CoreModule } from './core.module';
import { DOMAIN_MODULES } from './modules/domain-modules';
import { HealthModule } from './modules/health/health.module';

/** The HTTP api: every domain module's controllers under /api. */
@Module({ imports: [CoreModule, HealthModule, ...DOMAIN_MODULES] })
export class AppModule {}
