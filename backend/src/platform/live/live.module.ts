import { Global, Module } from '@nestjs/common';
import { LiveEventsService } from './live-events.service';

/** Live delivery (Redis pub/sub feeding Server-Sent Events), shared by every module. */
@Global()
@Module({ providers: [LiveEventsService], exports: [LiveEventsService] })
export class LiveModule {}
