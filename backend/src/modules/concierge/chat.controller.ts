import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../common/app-error';
import { openEventStream } from '../../platform/live/sse';
import { StreamSlots } from '../../platform/live/stream-slots';
import { PublicWrite } from '../../common/public-write.decorator';
import { ChatService } from './chat.service';
import { ChatStreamsService, type ReplyFrame } from './chat-streams.service';
import { ConciergeSessionGuard, ConciergeSessionId } from './concierge-session.guard';
import { ChatDto, MAX_FRAME_ID, RESUME_POINT, ResumeStreamDto, StreamChatDto, TitleDto } from './dto/chat.dto';
import { MemberChatLimitGuard } from './member-chat-limit.guard';
import { MemberStreams, sessionEndedFrame } from './member-streams';
import { OpenForWritesGuard } from './open-for-writes.guard';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, ApiRawAnswer, schema, successData, t } from '../../common/api-schema';
import { UUID } from '../../common/uuid';

/** The Last-Event-ID header a reconnecting EventSource sends: a frame id, else 0 (absent) or 400. */
function lastEventId(header: string | string[] | undefined): number {
  if (header === undefined || header === '') return 0;
  const id = Number(header);
  if (typeof header !== 'string' || !/^\d+$/.test(header) || id > MAX_FRAME_ID) throw AppError.badRequest(RESUME_POINT);
  return id;
}

@ApiTags('concierge')
@Controller('chat')
export class ChatController {
  constructor(
    private readonly chat: ChatService,
    private readonly streams: ChatStreamsService,
    private readonly slots: StreamSlots,
    private readonly memberStreams: MemberStreams,
  ) {}

  @Post()
  @ApiOperation({ summary: 'The concierge’s reply to a message (widget and simple chat)' })
  @ApiAnswer(
    successData(
      schema(
        'ChatReply',
        t.object({ response: t.string(), timestamp: t.dateTime(), requestId: t.string({ format: 'uuid' }) }, [
          'requestId',
        ]),
      ),
    ),
  )
  @ApiErrors(503)
  @HttpCode(200)
  @PublicWrite('chat', { perMinute: 30 })
  async reply(@Body() body: ChatDto) {
    return { success: true, data: await this.chat.chat(body) };
  }

  /**
   * The threaded chat's reply as Server-Sent Events: `delta` frames as tokens arrive, then
   * `done` with the whole message (its `status` is `stopped` when the member pressed Stop), or
   * `error`. The member sends the new message; the model reads the thread as the server holds
   * it. The reply is written by the server, not by this request: each frame carries an `id`, and
   * the `X-Message-Id` header names the reply for GET /api/chat/stream/{id} (resume) and
   * POST /api/chat/stream/{id}/stop. The reply runs to its end even if this request goes away.
   */
  @Post('stream')
  @ApiOperation({
    summary: 'The threaded chat’s reply as Server-Sent Events',
    description:
      'The member’s new message (`message`, absent for Regenerate) in the thread `threadId`, which the server holds. `delta` frames (`{content}`) as tokens arrive, then `done` (`{message: {id, role, content, createdAt, status}}`) or `error` (`{error}`). Refused with 503 during maintenance, 429 past the rate or stream limits.',
  })
  @ApiRawAnswer('text/event-stream', 'An event stream of delta, done and error frames')
  @ApiErrors(400, 404, 409, 429, 503)
  @UseGuards(OpenForWritesGuard, ConciergeSessionGuard, MemberChatLimitGuard)
  async stream(
    @ConciergeSessionId() session: string,
    @Body() body: StreamChatDto,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    this.slots.take(request, response, session);
    // Refusals (400, 404, 409) are answered as JSON before the stream opens.
    const reply = await this.streams.start(session, body);
    openEventStream(request, response);
    response.setHeader('X-Message-Id', reply.id);
    // A member signed out (or suspended) stops reading at once; the reply is still written to its end.
    this.memberStreams.hold(request, response, sessionEndedFrame('error'));
    const listener = (frame: ReplyFrame) => {
      if (response.writableEnded) return;
      response.write(frame.text);
      if (frame.last) response.end();
    };
    response.on('close', () => this.streams.leave(reply, listener));
    this.streams.listen(reply, listener);
  }

  /**
   * The rest of a reply for a client that reloaded or a second tab: the frames after
   * `?after=` (or the Last-Event-ID header), none twice, then the rest as they come.
   */
  @Get('stream/:messageId')
  @ApiOperation({
    summary: 'Resumes a reply being written: the frames after `after` (or Last-Event-ID), then the rest',
  })
  @ApiRawAnswer('text/event-stream', 'An event stream of delta, done and error frames')
  @ApiErrors(400, 404, 429)
  @UseGuards(ConciergeSessionGuard)
  async resume(
    @ConciergeSessionId() session: string,
    @Param('messageId') messageId: string,
    @Query() query: ResumeStreamDto,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    if (!UUID.test(messageId)) throw AppError.notFound('This reply is no longer streaming.');
    const after = query.after ?? lastEventId(request.headers['last-event-id']);
    this.slots.take(request, response, session);
    await this.streams.assertOwner(session, messageId);
    openEventStream(request, response);
    response.setHeader('X-Message-Id', messageId);
    response.flushHeaders();
    this.memberStreams.hold(request, response, sessionEndedFrame('error'));
    const left = new AbortController();
    response.on('close', () => left.abort());
    await this.streams.follow(
      messageId,
      after,
      {
        frame: (frame) => {
          if (!response.writableEnded) response.write(frame.text);
        },
        end: () => response.end(),
      },
      left.signal,
    );
  }

  /** Stops a reply being written, its upstream request included; the partial reply is kept, marked stopped. */
  @Post('stream/:messageId/stop')
  @ApiOperation({ summary: 'Stops a reply being written, upstream included; the partial reply is kept' })
  @ApiAnswer(successData(t.object({ stopped: t.boolean() })))
  @ApiErrors(404)
  @HttpCode(200)
  @UseGuards(ConciergeSessionGuard)
  async stop(@ConciergeSessionId() session: string, @Param('messageId') messageId: string) {
    if (!UUID.test(messageId)) throw AppError.notFound('This reply is no longer streaming.');
    await this.streams.stop(session, messageId);
    return { success: true, data: { stopped: true } };
  }

  @Post('title')
  @ApiOperation({ summary: 'A short title for a conversation, from its first message' })
  @ApiAnswer(successData(t.object({ title: t.string() })))
  @ApiErrors(429, 503)
  @HttpCode(200)
  @UseGuards(OpenForWritesGuard, ConciergeSessionGuard, MemberChatLimitGuard)
  async title(@Body() body: TitleDto) {
    return { success: true, data: { title: await this.chat.title(body.message) } };
  }
}
