import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { WaitlistModule } from '../waitlist';
import { SendMemberSignInJob } from './jobs/send-member-sign-in.job';
import { SendMembershipOfferJob } from './jobs/send-membership-offer.job';
import { MemberAccountController } from './member-account.controller';
import { MemberDataRequestsController } from './member-data-requests.controller';
import { MemberMailPreferencesController } from './member-mail-preferences.controller';
import { MemberOffersService } from './member-offers.service';
import { MemberPasskey } from './member-passkey.entity';
import { MemberPasskeysService } from './member-passkeys.service';
import { MemberSessionGuard } from './member-session.guard';
import { MemberSession } from './member-session.entity';
import { MemberSessionsService } from './member-sessions.service';
import { MemberSignInController } from './member-sign-in.controller';
import { MemberSignInLink } from './member-sign-in-link.entity';
import { MemberSignInService } from './member-sign-in.service';
import { Member } from './member.entity';
import { MembersAccountService } from './members-account.service';
import { MembersAdminController } from './members-admin.controller';
import { MembersAdminService } from './members-admin.service';
import { MembersMailer } from './members.mailer';
import { MembersService } from './members.service';
import { MembershipController } from './membership.controller';
import { MembershipOffer } from './membership-offer.entity';
import { MembersWaitlistLinks } from './waitlist-attachments';
import { MembersPersonalData } from './members.personal-data';

@Module({
  imports: [
    MikroOrmModule.forFeature([Member, MembershipOffer, MemberSession, MemberPasskey, MemberSignInLink]),
    WaitlistModule,
  ],
  controllers: [
    MembersAdminController,
    MembershipController,
    MemberSignInController,
    MemberAccountController,
    MemberDataRequestsController,
    MemberMailPreferencesController,
  ],
  providers: [
    MembersPersonalData,
    MembersService,
    MemberSessionsService,
    MemberSessionGuard,
    MemberOffersService,
    MemberSignInService,
    MemberPasskeysService,
    MembersAccountService,
    MembersAdminService,
    MembersMailer,
    SendMembershipOfferJob,
    SendMemberSignInJob,
    MembersWaitlistLinks,
  ],
  exports: [MembersService, MemberSessionsService],
})
export class MembersModule {}
