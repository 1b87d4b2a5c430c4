import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MembersModule } from '../members';
import { WaitlistModule } from '../waitlist';
import { CreditNominationJob } from './jobs/credit-nomination.job';
import { SendNominationEmailJob } from './jobs/send-nomination-email.job';
import { MemberNominationsController } from './member-nominations.controller';
import { NominationLink, NominationSent } from './nomination.entities';
import { NominationsAdminController } from './nominations-admin.controller';
import { NominationsMailer } from './nominations.mailer';
import { NominationsService } from './nominations.service';
import { NominationsPersonalData } from './nominations.personal-data';

@Module({
  imports: [MikroOrmModule.forFeature([NominationLink, NominationSent]), MembersModule, WaitlistModule],
  controllers: [MemberNominationsController, NominationsAdminController],
  providers: [
    NominationsPersonalData,
    NominationsService,
    NominationsMailer,
    SendNominationEmailJob,
    CreditNominationJob,
  ],
  exports: [NominationsService],
})
export class NominationsModule {}
