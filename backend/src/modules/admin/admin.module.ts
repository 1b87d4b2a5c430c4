import { Global, Module } from '@nestjs/common';
import { AdminAuthController } from './admin-auth.controller';
import { AdminAuthService } from './admin-auth.service';
import { AdminGuard } from './admin.guard';
import { DownloadLinkGuard } from './download-link.guard';
import { DownloadLinkService } from './download-link.service';
import { MetricsAccess, MetricsGuard } from './metrics/metrics-access';
import { MetricsController } from './metrics/metrics.controller';
import { WaitlistModule } from '../waitlist/waitlist.module';
import { QueueBoardModule } from './queue-board.module';
import { AdminWaitlistController, AdminWaitlistExportController } from './waitlist/admin-waitlist.controller';
import { AdminWaitlistService } from './waitlist/admin-waitlist.service';

/**
 * Administrators: sign-in (HTTP Basic), the guard every /api/admin route uses (@AdminOnly()),
 * download links for admin files, the admin waitlist, the queue dashboard and who may read /metrics.
 * Global so any module can use the guard.
 */
@Global()
@Module({
  imports: [QueueBoardModule, WaitlistModule],
  controllers: [AdminAuthController, AdminWaitlistController, AdminWaitlistExportController, MetricsController],
  providers: [
    AdminAuthService,
    AdminGuard,
    AdminWaitlistService,
    DownloadLinkService,
    DownloadLinkGuard,
    MetricsAccess,
    MetricsGuard,
  ],
  exports: [AdminAuthService, AdminGuard, DownloadLinkService, DownloadLinkGuard, MetricsAccess],
})
export class AdminModule {}
