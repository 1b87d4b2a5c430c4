import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Admin } from './admin.entity';
import { Global, Module } from '@nestjs/common';
import { AdminAuthController } from './admin-auth.controller';
import { AdminAuthService } from './admin-auth.service';
import { DownloadLinkGuard } from './download-link.guard';
import { DownloadLinkService } from './download-link.service';
import { MetricsAccess, MetricsGuard } from './metrics/metrics-access';
import { MetricsController } from './metrics/metrics.controller';
import { QueueBoardModule } from './queue-board.module';
import { StaffAccountsService } from './staff-accounts.service';
import { StaffController } from './staff.controller';
import { DoorEventListInterceptor, StaffGuard } from './staff.guard';

/**
 * Staff accounts: sign-in (HTTP Basic), roles and the guard every /api/admin route uses
 * (@StaffOnly(...rights)), the owners' staff screens, download links for admin files, the queue
 * dashboard and who may read /metrics.
 * Global because every module's admin routes use the guard (@StaffOnly()) and the download links,
 * which resolve their dependencies in the module of the controller they guard.
 */
@Global()
@Module({
  imports: [MikroOrmModule.forFeature([Admin]), QueueBoardModule],
  controllers: [AdminAuthController, StaffController, MetricsController],
  providers: [
    AdminAuthService,
    StaffGuard,
    StaffAccountsService,
    DoorEventListInterceptor,
    DownloadLinkService,
    DownloadLinkGuard,
    MetricsAccess,
    MetricsGuard,
  ],
  exports: [
    AdminAuthService,
    StaffGuard,
    DoorEventListInterceptor,
    DownloadLinkService,
    DownloadLinkGuard,
    MetricsAccess,
  ],
})
export class AdminModule {}
