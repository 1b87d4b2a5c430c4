import { Global, Module } from '@nestjs/common';
import { AdminAuthController } from './admin-auth.controller';
import { AdminAuthService } from './admin-auth.service';
import { AdminGuard } from './admin.guard';
import { QueueBoardModule } from './queue-board.module';
import { AdminWaitlistController } from './waitlist/admin-waitlist.controller';
import { AdminWaitlistService } from './waitlist/admin-waitlist.service';

/**
 * Administrators: sign-in (HTTP Basic), the guard every /api/admin route uses (@AdminOnly()),
 * the admin waitlist and the queue dashboard. Global so any module can use the guard.
 */
@Global()
@Module({
  imports: [QueueBoardModule],
  controllers: [AdminAuthController, AdminWaitlistController],
  providers: [AdminAuthService, AdminGuard, AdminWaitlistService],
  exports: [AdminAuthService, AdminGuard],
})
export class AdminModule {}
