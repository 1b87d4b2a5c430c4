import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MembersModule } from '../members';
import { RequestsModule } from '../requests';
import { SendMemberNoticeJob } from './jobs/send-member-notice.job';
import { MemberNoticeBatch, MemberNoticeItem, MemberRead } from './member-notice.entities';
import { MemberNoticesController } from './member-notices.controller';
import { MemberNoticesService } from './member-notices.service';
import { MemberPresence } from './member-presence';
import { MemberNoticesPersonalData } from './member-notices.personal-data';

@Module({
  imports: [
    MikroOrmModule.forFeature([MemberRead, MemberNoticeBatch, MemberNoticeItem]),
    MembersModule,
    RequestsModule,
  ],
  controllers: [MemberNoticesController],
  providers: [MemberNoticesPersonalData, MemberNoticesService, MemberPresence, SendMemberNoticeJob],
  exports: [MemberNoticesService],
})
export class MemberNoticesModule {}
