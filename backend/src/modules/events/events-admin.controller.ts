import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { DoorEventList, StaffOnly } from '../admin';
import { EventFieldsDto } from './dto/event-fields.dto';
import { idParam } from '../../common/id-param';
import { PageQueryDto } from '../../common/page-query.dto';
import { EventsService } from './events.service';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, dataOnly, page, t } from '../../common/api-schema';
import { EVENT_DEFAULTS, EVENT_VIEW } from './dto/event.schemas';

@ApiTags('admin: launch party')
@Controller('admin')
@StaffOnly('events')
export class EventsAdminController {
  constructor(private readonly events: EventsService) {}

  @Get('events')
  @StaffOnly('events', 'check-in')
  @DoorEventList()
  @ApiOperation({ summary: 'A page of events' })
  @ApiAnswer(page(EVENT_VIEW))
  list(@Query() query: PageQueryDto) {
    return this.events.list(query);
  }

  @Get('event-defaults')
  @ApiOperation({ summary: 'What a new event starts with where the form leaves a field out (its time zone)' })
  @ApiAnswer(dataOnly(EVENT_DEFAULTS))
  defaults() {
    return { data: this.events.defaults() };
  }

  @Post('events')
  @ApiOperation({ summary: 'Creates an event' })
  @ApiAnswer(dataOnly(EVENT_VIEW), { status: 201, description: 'Created' })
  async create(@Body() body: EventFieldsDto) {
    return { data: await this.events.create(body) };
  }

  @Patch('events/:id')
  @ApiOperation({ summary: 'Changes an event (every field is sent)' })
  @ApiAnswer(dataOnly(EVENT_VIEW))
  @ApiErrors(404, 409)
  async update(@Param('id') id: string, @Body() body: EventFieldsDto) {
    return { data: await this.events.update(idParam(id, 'Event'), body) };
  }

  @Delete('events/:id')
  @ApiOperation({ summary: 'Deletes an event without payments' })
  @ApiAnswer(dataOnly(t.object({ id: t.integer() })))
  @ApiErrors(404, 409)
  async remove(@Param('id') id: string) {
    const eventId = idParam(id, 'Event');
    await this.events.delete(eventId);
    return { data: { id: eventId } };
  }
}
