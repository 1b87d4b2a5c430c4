import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Event } from './event.entity';
import { Module } from '@nestjs/common';
import { EventsAdminController } from './events-admin.controller';
import { EventLifecycle } from './event-lifecycle';
import { EventsService } from './events.service';

@Module({
  imports: [MikroOrmModule.forFeature([Event])],
  controllers: [EventsAdminController],
  providers: [EventsService, EventLifecycle],
  exports: [EventsService, EventLifecycle],
})
export class EventsModule {}
