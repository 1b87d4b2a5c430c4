import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { PublicWrite } from '../../common/public-write.decorator';
import { ChatService } from './chat.service';
import { ConciergeSessionGuard } from './concierge-session.guard';
import { ChatDto, StreamChatDto, TitleDto } from './dto/chat.dto';
import { OpenForWritesGuard } from './open-for-writes.guard';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, ApiRawAnswer, schema, successData, t } from '../../common/api-schema';

function frame(event: 'delta' | 'done' | 'error', data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

@ApiTags('concierge')
@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

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
   * `done` with the whole message, or `error`. Each frame is written as soon as it exists, and a
   * client that goes away aborts the upstream request. Refused with 503 during maintenance.
   */
  @Post('stream')
  @ApiOperation({
    summary: 'The session chat’s reply as Server-Sent Events',
    description:
      '`delta` frames (`{content}`) as tokens arrive, then `done` (`{message: {id, role, content, createdAt}}`) or `error` (`{error}`). Refused with 503 during maintenance.',
  })
  @ApiRawAnswer('text/event-stream', 'An event stream of delta, done and error frames')
  @ApiErrors(503)
  @UseGuards(OpenForWritesGuard, ConciergeSessionGuard)
  async stream(@Body() body: StreamChatDto, @Req() request: Request, @Res() response: Response): Promise<void> {
    const upstream = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) upstream.abort();
    });
    // Validation errors (400) are answered as JSON before the stream opens.
    const pieces = (await this.chat.stream(body.messages, upstream.signal))[Symbol.asyncIterator]();
    // The model is asked first. Our headers leave with the first frame, in the same packet: written
    // on their own they went out before the model's request did (its socket comes a tick later),
    // and cost a write of their own on the way to the first token.
    const first = pieces.next();
    request.socket.setNoDelay(true);
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-transform');
    response.setHeader('Connection', 'keep-alive');
    response.setHeader('X-Accel-Buffering', 'no');
    let content = '';
    try {
      for (let next = await first; !next.done && !upstream.signal.aborted; next = await pieces.next()) {
        content += next.value;
        response.write(frame('delta', { content: next.value }));
      }
      if (!upstream.signal.aborted) {
        response.write(
          frame('done', {
            message: { id: randomUUID(), role: 'assistant', content, createdAt: new Date().toISOString() },
          }),
        );
      }
    } catch (error) {
      const message =
        error instanceof Error && error.name === 'AiUnavailableError'
          ? error.message
          : 'An error occurred. Please try again.';
      if (!response.writableEnded) response.write(frame('error', { error: message }));
    } finally {
      // Closes the reply and its upstream request, if the loop left them open.
      await pieces.return?.(undefined);
      response.end();
    }
  }

  @Post('title')
  @ApiOperation({ summary: 'A short title for a conversation, from its first message' })
  @ApiAnswer(successData(t.object({ title: t.string() })))
  @ApiErrors(503)
  @HttpCode(200)
  @UseGuards(OpenForWritesGuard, ConciergeSessionGuard)
  async title(@Body() body: TitleDto) {
    return { success: true, data: { title: await this.chat.title(body.message) } };
  }
}
