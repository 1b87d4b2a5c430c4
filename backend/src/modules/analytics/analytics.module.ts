import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AnalyticsEvent } from './analytics-event.entity';
import { Module } from '@nestjs/common';
import { InsightsModule } from '../insights';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';

@Module({
  imports: [MikroOrmModule.forFeature([AnalyticsEvent]), InsightsModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsService],
  exports: [AnalyticsService],
})
export class AnalyticsModule {}
