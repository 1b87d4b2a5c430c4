import { Module } from '@nestjs/common';
import { EventsAdminController } from './events-admin.controller';
import { EventsService } from './events.service';

@Module({
  controllers: [EventsAdminController],
  providers: [EventsService],
  exports: [EventsService],
})
export class EventsModule {}
