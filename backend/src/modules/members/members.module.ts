import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MemberPasskey } from './member-passkey.entity';
import { MemberSession } from './member-session.entity';
import { MemberSignInLink } from './member-sign-in-link.entity';
import { Member } from './member.entity';
import { MembershipOffer } from './membership-offer.entity';
import { MemberSessionsService } from './member-sessions.service';
import { MembersService } from './members.service';

@Module({
  imports: [MikroOrmModule.forFeature([Member, MembershipOffer, MemberSession, MemberPasskey, MemberSignInLink])],
  providers: [MembersService, MemberSessionsService],
  exports: [MembersService, MemberSessionsService],
})
export class MembersModule {}
