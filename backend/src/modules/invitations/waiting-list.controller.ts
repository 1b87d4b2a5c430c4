import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../common/app-error';
import { ApiAnswer, ApiErrors, dataOnly, page, t } from '../../common/api-schema';
import { idParam } from '../../common/id-param';
import { PageQueryDto } from '../../common/page-query.dto';
import { PublicWrite } from '../../common/public-write.decorator';
import { StaffOnly } from '../admin';
import { EventsService } from '../events';
import { GuestPartyDto } from './dto/guest-party.dto';
import { WAITING_LIST_ADMIN_ROW, WAITING_LIST_TURN } from './dto/waiting-list.schemas';
import { WaitingListService } from './waiting-list.service';

/** The guest's side of a full event's waiting list, reached with the invitation's code. */
@ApiTags('invitations')
@Controller('invitations')
export class WaitingListController {
  constructor(private readonly waitingList: WaitingListService) {}

  @Get(':code/waiting-list')
  @ApiOperation({ summary: 'The guest’s turn on the event’s waiting list (null when they never joined)' })
  @ApiAnswer(dataOnly(t.nullable(WAITING_LIST_TURN)))
  @ApiErrors(404)
  async turn(@Param('code') code: string) {
    return { data: await this.waitingList.turn(code) };
  }

  @Post(':code/waiting-list')
  @ApiOperation({ summary: 'Joins the full event’s waiting list with the party' })
  @ApiAnswer(dataOnly(WAITING_LIST_TURN))
  @ApiErrors(400, 404, 409)
  @HttpCode(200)
  @PublicWrite('waiting-list')
  async join(@Param('code') code: string, @Body() body: GuestPartyDto) {
    return { data: await this.waitingList.join(code, body) };
  }

  @Delete(':code/waiting-list')
  @ApiOperation({ summary: 'Leaves the waiting list; a held offer passes to the next guest' })
  @ApiAnswer(dataOnly(t.nullable(WAITING_LIST_TURN)))
  @ApiErrors(404)
  @PublicWrite('waiting-list')
  async leave(@Param('code') code: string) {
    return { data: await this.waitingList.leave(code) };
  }
}

/** The event's waiting list in the admin's Responses tab. */
@ApiTags('admin: launch party')
@Controller('admin')
@StaffOnly('rsvps')
export class WaitingListAdminController {
  constructor(
    private readonly waitingList: WaitingListService,
    private readonly events: EventsService,
  ) {}

  @Get('events/:id/waiting-list')
  @ApiOperation({ summary: 'A page of an event’s waiting list, in the order of the line, with its offers' })
  @ApiAnswer(page(WAITING_LIST_ADMIN_ROW))
  @ApiErrors(404)
  async list(@Param('id') id: string, @Query() query: PageQueryDto) {
    const eventId = idParam(id, 'Event');
    if (!(await this.events.findById(eventId))) throw AppError.notFound('Event not found');
    return this.waitingList.listForEvent(eventId, query);
  }
}
