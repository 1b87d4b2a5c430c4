import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiAnswer, ApiErrors, ApiRawAnswer, dataOnly, page } from '../../../common/api-schema';
import { pageOf } from '../../../common/page-query.dto';
import { STAFF_CHANNEL } from '../../../platform/live/channels';
import { LiveEventsService } from '../../../platform/live/live-events.service';
import { keepAlive, openEventStream, sseFrame } from '../../../platform/live/sse';
import { StreamSlots } from '../../../platform/live/stream-slots';
import { type AdminRequest, StaffOnly } from '../../admin';
import { USER_REQUEST, USER_REQUEST_WITH_HISTORY } from '../../requests';
import { ChangeRequestStatusDto, ProposeOptionsDto, StaffReplyDto, StaffRequestsQueryDto } from '../dto/desk.dto';
import { DESK_STATS, STAFF_REQUEST_CARD, STAFF_REQUEST_DETAIL } from '../dto/desk.schemas';
import { MESSAGE_VIEW } from '../dto/threads.schemas';
import { DeskService } from './desk.service';

/**
 * What a staff action is signed with in the member's thread and in the request's history (which
 * the member reads too): the staff account's display name, never its username (half of its
 * credentials), and never a name the request body could choose.
 */
function signer(request: AdminRequest): string {
  return request.admin!.displayName;
}

/** The staff console's Requests tab: cards, a request's conversation, and what staff do with it. */
@StaffOnly('requests')
@ApiTags('admin')
@Controller('admin/user-requests')
export class DeskController {
  constructor(
    private readonly desk: DeskService,
    private readonly live: LiveEventsService,
    private readonly slots: StreamSlots,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Requests for the staff console, filtered and searched on the server' })
  @ApiAnswer(page(STAFF_REQUEST_CARD))
  @ApiErrors(400)
  list(@Query() query: StaffRequestsQueryDto) {
    return this.desk.list({ status: query.status, category: query.category, q: query.q, ...pageOf(query) });
  }

  @Get('stats')
  @ApiOperation({ summary: 'The response-time clock: median first response over the last 7 days' })
  @ApiAnswer(dataOnly(DESK_STATS))
  async stats() {
    return { data: await this.desk.stats() };
  }

  /**
   * The console's live updates as Server-Sent Events (`request.created`, `request.changed`,
   * `request.handoff`), from whichever process made the change. Opens with `ready`.
   */
  @Get('events')
  @ApiOperation({
    summary: 'The staff console’s live updates as Server-Sent Events',
    description: '`ready` once listening, then `request.created`, `request.changed` and `request.handoff`.',
  })
  @ApiRawAnswer('text/event-stream', 'An event stream of request changes')
  async events(@Req() request: Request, @Res() response: Response) {
    this.slots.take(request, response);
    const unsubscribe = await this.live.subscribe(STAFF_CHANNEL, ({ event, data }) => {
      if (!response.writableEnded) response.write(sseFrame(event, data));
    });
    const stopBeat = keepAlive(response);
    response.on('close', () => {
      unsubscribe();
      stopBeat();
    });
    openEventStream(request, response);
    response.write('retry: 2000\n\n' + sseFrame('ready', {}));
  }

  @Get(':id')
  @ApiOperation({ summary: 'A request with its history, its conversation and the member’s ratings' })
  @ApiAnswer(dataOnly(STAFF_REQUEST_DETAIL))
  @ApiErrors(404)
  async detail(@Param('id') id: string) {
    return { data: await this.desk.detail(id) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Changes a request’s status, with a note; the member is told in their thread' })
  @ApiAnswer(dataOnly(USER_REQUEST_WITH_HISTORY))
  @ApiErrors(400, 404, 409)
  async changeStatus(@Param('id') id: string, @Body() body: ChangeRequestStatusDto, @Req() request: AdminRequest) {
    return { data: await this.desk.changeStatus(id, body.status, signer(request), body.note) };
  }

  @Post(':id/replies')
  @ApiOperation({ summary: 'Replies in the member’s thread as a named human concierge, delivered live' })
  @ApiAnswer(dataOnly(MESSAGE_VIEW), { status: 201, description: 'Sent' })
  @ApiErrors(400, 404, 409)
  async reply(@Param('id') id: string, @Body() body: StaffReplyDto, @Req() request: AdminRequest) {
    return { data: await this.desk.reply(id, signer(request), body.content) };
  }

  @Post(':id/hand-back')
  @ApiOperation({ summary: 'Hands the member’s thread back to the AI after a hand-off to a person' })
  @ApiAnswer(dataOnly(USER_REQUEST))
  @ApiErrors(404)
  @HttpCode(200)
  async handBack(@Param('id') id: string) {
    return { data: await this.desk.handBack(id) };
  }

  @Post(':id/options')
  @ApiOperation({ summary: 'Proposes a short list of options with prices, which the member can accept in the chat' })
  @ApiAnswer(dataOnly(USER_REQUEST_WITH_HISTORY))
  @ApiErrors(400, 404, 409)
  @HttpCode(200)
  async propose(@Param('id') id: string, @Body() body: ProposeOptionsDto, @Req() request: AdminRequest) {
    return { data: await this.desk.proposeOptions(id, signer(request), body.options, body.note) };
  }
}
