import { Module } from '@nestjs/common';
import { EventsAdminController } from './events-admin.controller';
import { EventLifecycle } from './event-lifecycle';
import { EventsService } from './events.service';

@Module({
  controllers: [EventsAdminController],
  providers: [EventsService, EventLifecycle],
  exports: [EventsService, EventLifecycle],
})
export class EventsModule {}
