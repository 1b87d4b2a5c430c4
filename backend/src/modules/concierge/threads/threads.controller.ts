import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { keepAlive, openEventStream, sseFrame } from '../../../platform/live/sse';
import { LiveEventsService } from '../../../platform/live/live-events.service';
import { ConciergeSessionGuard, ConciergeSessionId } from '../concierge-session.guard';
import { CreateThreadDto, RateMessageDto, RenameThreadDto } from '../dto/threads.dto';
import { OpenForWritesGuard } from '../open-for-writes.guard';
import { sessionChannel, ThreadsService } from './threads.service';

/** The members' threads, for the concierge session in the cookie only. */
@Controller('concierge')
@UseGuards(ConciergeSessionGuard)
export class ThreadsController {
  constructor(
    private readonly threads: ThreadsService,
    private readonly live: LiveEventsService,
  ) {}

  @Get('threads')
  async list(@ConciergeSessionId() session: string) {
    return { success: true, data: await this.threads.list(session) };
  }

  @Post('threads')
  @UseGuards(OpenForWritesGuard)
  async create(@ConciergeSessionId() session: string, @Body() body: CreateThreadDto) {
    return { success: true, data: await this.threads.create(session, body) };
  }

  @Get('threads/:id')
  async read(@ConciergeSessionId() session: string, @Param('id') id: string) {
    return { success: true, data: await this.threads.read(session, id) };
  }

  @Patch('threads/:id')
  @UseGuards(OpenForWritesGuard)
  async rename(@ConciergeSessionId() session: string, @Param('id') id: string, @Body() body: RenameThreadDto) {
    return { success: true, data: await this.threads.rename(session, id, body.title) };
  }

  @Delete('threads/:id')
  @UseGuards(OpenForWritesGuard)
  @HttpCode(200)
  async remove(@ConciergeSessionId() session: string, @Param('id') id: string) {
    await this.threads.remove(session, id);
    return { success: true };
  }

  @Put('threads/:id/messages/:messageId/rating')
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
  async events(@ConciergeSessionId() session: string, @Req() request: Request, @Res() response: Response) {
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
  }
}
