import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Admin } from './admin.entity';
import { Global, Module } from '@nestjs/common';
import { AdminAuthController } from './admin-auth.controller';
import { AdminAuthService } from './admin-auth.service';
import { AdminGuard } from './admin.guard';
import { DownloadLinkGuard } from './download-link.guard';
import { DownloadLinkService } from './download-link.service';
import { MetricsAccess, MetricsGuard } from './metrics/metrics-access';
import { MetricsController } from './metrics/metrics.controller';
import { QueueBoardModule } from './queue-board.module';

/**
 * Administrators: sign-in (HTTP Basic), the guard every /api/admin route uses (@AdminOnly()),
 * download links for admin files, the queue dashboard and who may read /metrics.
 * Global because every module's admin routes use the guard (@AdminOnly()) and the download links,
 * which resolve their dependencies in the module of the controller they guard.
 */
@Global()
@Module({
  imports: [MikroOrmModule.forFeature([Admin]), QueueBoardModule],
  controllers: [AdminAuthController, MetricsController],
  providers: [AdminAuthService, AdminGuard, DownloadLinkService, DownloadLinkGuard, MetricsAccess, MetricsGuard],
  exports: [AdminAuthService, AdminGuard, DownloadLinkService, DownloadLinkGuard, MetricsAccess],
})
export class AdminModule {}
