import { MikroOrmModule } from '@mikro-orm/nestjs';
import { WaitlistEntry } from './waitlist-entry.entity';
import { Module } from '@nestjs/common';
import { AdminWaitlistController, AdminWaitlistExportController } from './admin/admin-waitlist.controller';
import { AdminWaitlistService } from './admin/admin-waitlist.service';
import { DeleteUnconfirmedJob } from './jobs/delete-unconfirmed.job';
import { SendConfirmationAgainJob } from './jobs/send-confirmation-again.job';
import { SendWaitlistWelcomeJob } from './jobs/send-waitlist-welcome.job';
import { WaitlistCleanupScheduler } from './waitlist-cleanup.scheduler';
import { WaitlistController } from './waitlist.controller';
import { WaitlistMailer } from './waitlist.mailer';
import { WaitlistMemberNames } from './waitlist-member-names';
import { WaitlistRetention } from './waitlist-retention.service';
import { WaitlistService } from './waitlist.service';
import { WaitlistPersonalData } from './waitlist.personal-data';

@Module({
  imports: [MikroOrmModule.forFeature([WaitlistEntry])],
  // The admin screens' list, search and export read this module's tables, so they live here.
  controllers: [WaitlistController, AdminWaitlistController, AdminWaitlistExportController],
  providers: [
    WaitlistPersonalData,
    WaitlistService,
    AdminWaitlistService,
    WaitlistMailer,
    SendWaitlistWelcomeJob,
    SendConfirmationAgainJob,
    WaitlistRetention,
    DeleteUnconfirmedJob,
    WaitlistCleanupScheduler,
    WaitlistMemberNames,
  ],
  exports: [WaitlistService, WaitlistRetention, WaitlistMemberNames],
})
export class WaitlistModule {}
