import { Module } from '@nestjs/common';
import { SendWaitlistWelcomeJob } from './jobs/send-waitlist-welcome.job';
import { WaitlistController } from './waitlist.controller';
import { WaitlistMailer } from './waitlist.mailer';
import { WaitlistService } from './waitlist.service';

@Module({
  controllers: [WaitlistController],
  providers: [WaitlistService, WaitlistMailer, SendWaitlistWelcomeJob],
  exports: [WaitlistService],
})
export class WaitlistModule {}
