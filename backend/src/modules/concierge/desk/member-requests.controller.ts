import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, successData, t } from '../../../common/api-schema';
import { MemberNoticesService, withUnread } from '../../member-notices';
import { USER_REQUEST_WITH_HISTORY } from '../../requests';
import { ConciergeSessionGuard, ConciergeSessionId } from '../concierge-session.guard';
import { OpenForWritesGuard } from '../open-for-writes.guard';
import { DeskService } from './desk.service';

/** 'My requests' in the members' chat: the session's requests, with their history; cancel, accept an option. */
@ApiTags('concierge: threads')
@Controller('concierge/requests')
@UseGuards(ConciergeSessionGuard)
export class MemberRequestsController {
  constructor(
    private readonly desk: DeskService,
    private readonly notices: MemberNoticesService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'The session’s requests, newest first, each with its history (a member’s with unread marks)',
  })
  @ApiAnswer(successData(t.array(withUnread(USER_REQUEST_WITH_HISTORY))))
  async list(@ConciergeSessionId() session: string) {
    return { success: true, data: await this.notices.marked(session, await this.desk.listForMember(session)) };
  }

  @Post(':id/cancel')
  @ApiOperation({ summary: 'Cancels one of the session’s requests, while it is not yet confirmed' })
  @ApiAnswer(successData(USER_REQUEST_WITH_HISTORY))
  @ApiErrors(404, 409)
  @HttpCode(200)
  @UseGuards(OpenForWritesGuard)
  async cancel(@ConciergeSessionId() session: string, @Param('id') id: string) {
    return { success: true, data: await this.desk.cancelByMember(session, id) };
  }

  @Post(':id/options/:optionId/accept')
  @ApiOperation({ summary: 'Accepts one of the options staff proposed: the request is confirmed' })
  @ApiAnswer(successData(USER_REQUEST_WITH_HISTORY))
  @ApiErrors(404, 409)
  @HttpCode(200)
  @UseGuards(OpenForWritesGuard)
  async accept(@ConciergeSessionId() session: string, @Param('id') id: string, @Param('optionId') optionId: string) {
    return { success: true, data: await this.desk.acceptOption(session, id, optionId) };
  }
}
