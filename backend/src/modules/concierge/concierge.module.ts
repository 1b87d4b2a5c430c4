import { Module } from '@nestjs/common';
import { AiModule } from '../../platform/ai/ai.module';
import { RequestsModule } from '../requests/requests.module';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';
import { ConciergeAuthController } from './concierge-auth.controller';
import { ConciergeSessionGuard } from './concierge-session.guard';
import { ConciergeSessionService } from './concierge-session.service';
import { SqlVendorDirectory, VendorDirectory } from './vendor-directory';

@Module({
  imports: [AiModule, RequestsModule],
  controllers: [ConciergeAuthController, ChatController],
  providers: [
    ConciergeSessionService,
    ConciergeSessionGuard,
    ChatService,
    { provide: VendorDirectory, useClass: SqlVendorDirectory },
  ],
  exports: [ConciergeSessionService, ConciergeSessionGuard],
})
export class ConciergeModule {}
