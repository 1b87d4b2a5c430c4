import { Global, Module } from '@nestjs/common';
import { LiveEventsService } from './live-events.service';
import { StreamSlots } from './stream-slots';

/** Live delivery (Redis pub/sub feeding Server-Sent Events) and the caps on open streams, shared by every module. */
@Global()
@Module({ providers: [LiveEventsService, StreamSlots], exports: [LiveEventsService, StreamSlots] })
export class LiveModule {}
