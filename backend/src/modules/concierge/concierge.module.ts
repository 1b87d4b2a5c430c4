import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { AiModule } from '../../platform/ai/ai.module';
import { GeoModule } from '../../platform/geo/geo.module';
import { EventsModule } from '../events';
import { MemberNoticesModule } from '../member-notices';
import { MembersModule } from '../members';
import { PreferencesModule } from '../preferences';
import { RequestsModule } from '../requests';
import { VendorsModule } from '../vendors';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';
import { ChatStreamsService } from './chat-streams.service';
import { ConciergeMessage, ConciergeThread } from './threads/thread.entity';
import { ThreadsController } from './threads/threads.controller';
import { ThreadsService } from './threads/threads.service';
import { DeskController } from './desk/desk.controller';
import { DeskService } from './desk/desk.service';
import { MemberRequestsController } from './desk/member-requests.controller';
import { ConciergeAuthController } from './concierge-auth.controller';
import { ConciergeSessionGuard } from './concierge-session.guard';
import { ConciergeSessionService } from './concierge-session.service';
import { OpenForWritesGuard } from './open-for-writes.guard';
import { MemberStreams } from './member-streams';
import { RecordMemberMessageJob } from './jobs/record-member-message.job';
import { ConciergeTools } from './tools/concierge-tools';
import { StepsController } from './tools/steps.controller';
import { PartnerDirectory, VendorDirectory } from './vendor-directory';
import { ConciergePersonalData } from './concierge.personal-data';

@Module({
  imports: [
    MikroOrmModule.forFeature([ConciergeThread, ConciergeMessage]),
    AiModule,
    GeoModule,
    MembersModule,
    MemberNoticesModule,
    PreferencesModule,
    EventsModule,
    RequestsModule,
    VendorsModule,
  ],
  controllers: [
    ConciergeAuthController,
    ChatController,
    ThreadsController,
    StepsController,
    DeskController,
    MemberRequestsController,
  ],
  providers: [
    ConciergePersonalData,
    ConciergeSessionService,
    ConciergeSessionGuard,
    OpenForWritesGuard,
    MemberStreams,
    ChatService,
    ChatStreamsService,
    ThreadsService,
    DeskService,
    RecordMemberMessageJob,
    ConciergeTools,
    { provide: VendorDirectory, useClass: PartnerDirectory },
  ],
  exports: [ConciergeSessionService, ConciergeSessionGuard, ThreadsService],
})
export class ConciergeModule {}
