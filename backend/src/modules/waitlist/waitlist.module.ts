import { MikroOrmModule } from '@mikro-orm/nestjs';
import { WaitlistEntry } from './waitlist-entry.entity';
import { Module } from '@nestjs/common';
import { AdminWaitlistController, AdminWaitlistExportController } from './admin/admin-waitlist.controller';
import { AdminWaitlistService } from './admin/admin-waitlist.service';
import { SendWaitlistWelcomeJob } from './jobs/send-waitlist-welcome.job';
import { WaitlistController } from './waitlist.controller';
import { WaitlistMailer } from './waitlist.mailer';
import { WaitlistService } from './waitlist.service';
import { WaitlistPersonalData } from './waitlist.personal-data';

@Module({
  imports: [MikroOrmModule.forFeature([WaitlistEntry])],
  // The admin screens' list, search and export read this module's tables, so they live here.
  controllers: [WaitlistController, AdminWaitlistController, AdminWaitlistExportController],
  providers: [WaitlistPersonalData, WaitlistService, AdminWaitlistService, WaitlistMailer, SendWaitlistWelcomeJob],
  exports: [WaitlistService],
})
export class WaitlistModule {}
