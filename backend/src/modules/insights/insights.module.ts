import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MembersModule } from '../members';
import { InsightsAdminController } from './insights-admin.controller';
import { InsightsService } from './insights.service';
import { RollUpVisitsJob } from './jobs/roll-up-visits.job';
import { PageViewsService } from './page-views.service';
import { DailyVisits, PageView, VisitorDay, VisitSalt } from './visit.entities';
import { VisitsRollUpScheduler } from './visits-roll-up.scheduler';

@Module({
  imports: [MikroOrmModule.forFeature([PageView, VisitSalt, VisitorDay, DailyVisits]), MembersModule],
  controllers: [InsightsAdminController],
  providers: [InsightsService, PageViewsService, RollUpVisitsJob, VisitsRollUpScheduler],
  exports: [PageViewsService],
})
export class InsightsModule {}
