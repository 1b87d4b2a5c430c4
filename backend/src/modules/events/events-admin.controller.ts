import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { AdminOnly } from '../admin/admin-only.decorator';
import { EventFieldsDto } from './dto/event-fields.dto';
import { idParam } from '../../common/id-param';
import { PageQueryDto } from '../../common/page-query.dto';
import { EventsService } from './events.service';

@Controller('admin')
@AdminOnly()
export class EventsAdminController {
  constructor(private readonly events: EventsService) {}

  @Get('events')
  list(@Query() query: PageQueryDto) {
    return this.events.list(query);
  }

  @Post('events')
  async create(@Body() body: EventFieldsDto) {
    return { data: await this.events.create(body) };
  }

  @Patch('events/:id')
  async update(@Param('id') id: string, @Body() body: EventFieldsDto) {
    return { data: await this.events.update(idParam(id, 'Event'), body) };
  }

  @Delete('events/:id')
  async remove(@Param('id') id: string) {
    const eventId = idParam(id, 'Event');
    await this.events.delete(eventId);
    return { data: { id: eventId } };
  }
}
