import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { keepAlive, openEventStream, sseFrame } from '../../../platform/live/sse';
import { LiveEventsService } from '../../../platform/live/live-events.service';
import { StreamSlots } from '../../../platform/live/stream-slots';
import { ConciergeSessionGuard, ConciergeSessionId } from '../concierge-session.guard';
import { CreateThreadDto, RateMessageDto, RenameThreadDto } from '../dto/threads.dto';
import { OpenForWritesGuard } from '../open-for-writes.guard';
import { sessionChannel } from '../../../platform/live/channels';
import { ThreadsService } from './threads.service';
import { MemberStreams, sessionEndedFrame } from '../member-streams';
import { MemberNoticesService, withUnread } from '../../member-notices';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, ApiRawAnswer, SUCCESS_ONLY, successData, t } from '../../../common/api-schema';
import { MESSAGE_VIEW, THREAD_SUMMARY, THREAD_VIEW } from '../dto/threads.schemas';

/** The members' threads, for the concierge session in the cookie only. */
@ApiTags('concierge: threads')
@Controller('concierge')
@UseGuards(ConciergeSessionGuard)
export class ThreadsController {
  constructor(
    private readonly threads: ThreadsService,
    private readonly live: LiveEventsService,
    private readonly slots: StreamSlots,
    private readonly memberStreams: MemberStreams,
    private readonly notices: MemberNoticesService,
  ) {}

  @Get('threads')
  @ApiOperation({ summary: 'The session’s threads, newest first (a member’s with their unread marks)' })
  @ApiAnswer(successData(t.array(withUnread(THREAD_SUMMARY))))
  async list(@ConciergeSessionId() session: string) {
    return { success: true, data: await this.notices.marked(session, await this.threads.list(session)) };
  }

  @Post('threads')
  @ApiOperation({ summary: 'Creates a thread (the browser may choose its id)' })
  @ApiAnswer(successData(THREAD_SUMMARY), { status: 201, description: 'Created' })
  @ApiErrors(400, 409)
  @UseGuards(OpenForWritesGuard)
  async create(@ConciergeSessionId() session: string, @Body() body: CreateThreadDto) {
    return { success: true, data: await this.threads.create(session, body) };
  }

  @Get('threads/:id')
  @ApiOperation({ summary: 'A thread with its messages' })
  @ApiAnswer(successData(THREAD_VIEW))
  @ApiErrors(404)
  async read(@ConciergeSessionId() session: string, @Param('id') id: string) {
    return { success: true, data: await this.threads.read(session, id) };
  }

  @Patch('threads/:id')
  @ApiOperation({ summary: 'Renames a thread' })
  @ApiAnswer(successData(THREAD_SUMMARY))
  @ApiErrors(400, 404)
  @UseGuards(OpenForWritesGuard)
  async rename(@ConciergeSessionId() session: string, @Param('id') id: string, @Body() body: RenameThreadDto) {
    return { success: true, data: await this.threads.rename(session, id, body.title) };
  }

  @Delete('threads/:id')
  @ApiOperation({ summary: 'Deletes a thread and its messages' })
  @ApiAnswer(SUCCESS_ONLY)
  @ApiErrors(404)
  @UseGuards(OpenForWritesGuard)
  @HttpCode(200)
  async remove(@ConciergeSessionId() session: string, @Param('id') id: string) {
    await this.threads.remove(session, id);
    return { success: true };
  }

  @Put('threads/:id/messages/:messageId/rating')
  @ApiOperation({ summary: 'Rates a concierge reply helpful or not, with an optional comment' })
  @ApiAnswer(successData(MESSAGE_VIEW))
  @ApiErrors(400, 404)
  @UseGuards(OpenForWritesGuard)
  async rate(
    @ConciergeSessionId() session: string,
    @Param('id') id: string,
    @Param('messageId') messageId: string,
    @Body() body: RateMessageDto,
  ) {
    return { success: true, data: await this.threads.rate(session, id, messageId, body) };
  }

  /**
   * The session's live updates as Server-Sent Events (`thread.changed`, `thread.deleted`), from
   * whichever api process made the change. The stream opens with `ready` once it is listening.
   */
  @Get('events')
  @ApiOperation({
    summary: 'The session’s live updates as Server-Sent Events',
    description: '`ready` once listening, then `thread.changed` and `thread.deleted` from any api process.',
  })
  @ApiRawAnswer('text/event-stream', 'An event stream of the session’s thread changes')
  @ApiErrors(429)
  async events(@ConciergeSessionId() session: string, @Req() request: Request, @Res() response: Response) {
    this.slots.take(request, response, session);
    const unsubscribe = await this.live.subscribe(sessionChannel(session), ({ event, data }) => {
      if (!response.writableEnded) response.write(sseFrame(event, data));
    });
    const stopBeat = keepAlive(response);
    response.on('close', () => {
      unsubscribe();
      stopBeat();
    });
    openEventStream(request, response);
    response.write('retry: 2000\n\n' + sseFrame('ready', {}));
    // A member signed out (or suspended) is told once, and the stream closes: no reconnecting.
    this.memberStreams.hold(request, response, sessionEndedFrame('session.ended'));
  }
}
