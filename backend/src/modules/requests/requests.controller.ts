import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PublicWrite } from '../../common/public-write.decorator';
import { ListUserRequestsDto } from './dto/list-user-requests.dto';
import { RequestsService, type UserRequestView } from './requests.service';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, successData, t } from '../../common/api-schema';
import { USER_REQUEST } from './requests.schemas';
import { THREAD_SESSIONS, type ThreadSessions } from './thread-sessions';

/**
 * The widget's view of what the concierge understood (spec, section 7). A request made in a
 * members' thread answers only to that thread's concierge session (its cookie); 404 otherwise.
 */
@ApiTags('concierge')
@Controller('user-requests')
export class RequestsController {
  constructor(
    private readonly requests: RequestsService,
    @Inject(THREAD_SESSIONS) private readonly sessions: ThreadSessions,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The requests of a chat session' })
  @ApiAnswer(successData(t.array(USER_REQUEST)))
  async list(@Query() query: ListUserRequestsDto): Promise<{ success: true; data: UserRequestView[] }> {
    return { success: true, data: await this.requests.listForSession(query.sessionId) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One request' })
  @ApiAnswer(successData(t.object({ request: USER_REQUEST })))
  @ApiErrors(404)
  async get(
    @Param('id') id: string,
    @Req() request: Request,
  ): Promise<{ success: true; data: { request: UserRequestView } }> {
    const found = await this.requests.getForChat(id, () => this.sessions.sessionOf(request));
    return { success: true, data: { request: found } };
  }

  @Post(':id/next-step')
  @ApiOperation({ summary: 'The concierge’s next step for a request' })
  @ApiAnswer(successData(t.object({ content: t.string() })))
  @ApiErrors(404)
  @HttpCode(200)
  @PublicWrite('chat', { perMinute: 30 })
  async nextStep(
    @Param('id') id: string,
    @Req() request: Request,
  ): Promise<{ success: true; data: { content: string } }> {
    const content = await this.requests.nextStep(id, () => this.sessions.sessionOf(request));
    return { success: true, data: { content } };
  }
}
