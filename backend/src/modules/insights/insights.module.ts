import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MembersModule } from '../members';
import { InsightsAdminController } from './insights-admin.controller';
import { InsightsService } from './insights.service';
import { RefreshInsightsJob } from './jobs/refresh-insights.job';
import { PageViewsService } from './page-views.service';
import {
  DailyVisits,
  FunnelDay,
  FunnelMonth,
  InsightsRefresh,
  PageView,
  VisitorDay,
  VisitSalt,
} from './insights.entities';
import { InsightsRefreshScheduler } from './insights-refresh.scheduler';

@Module({
  imports: [
    MikroOrmModule.forFeature([PageView, VisitSalt, VisitorDay, DailyVisits, FunnelDay, FunnelMonth, InsightsRefresh]),
    MembersModule,
  ],
  controllers: [InsightsAdminController],
  providers: [InsightsService, PageViewsService, RefreshInsightsJob, InsightsRefreshScheduler],
  exports: [PageViewsService, InsightsService],
})
export class InsightsModule {}
