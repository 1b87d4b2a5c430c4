import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, SUCCESS_ONLY } from '../../common/api-schema';
import { memberIdOf, MembersOnly, type MemberRequest } from '../members';
import { MarkReadDto } from './dto/mark-read.dto';
import { MemberNoticesService } from './member-notices.service';
import { MemberPresence } from './member-presence';

/** The member's unread marks: opening a conversation or a request reads its news. */
@ApiTags('members')
@Controller('members/me')
@UseGuards(MembersOnly('Unread marks are kept for members: please sign in with your membership.'))
export class MemberNoticesController {
  constructor(
    private readonly notices: MemberNoticesService,
    private readonly presence: MemberPresence,
  ) {}

  @Post('read')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Marks a conversation (with its requests) or a request read',
    description: 'A house-password session gets 403 MEMBERS_ONLY.',
  })
  @ApiAnswer(SUCCESS_ONLY)
  @ApiErrors(400, 401, 403)
  async read(@Req() request: MemberRequest, @Body() body: MarkReadDto) {
    await this.notices.markRead(memberIdOf(request), body);
    return { success: true };
  }

  @Post('presence')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Says a concierge page of the member is in view (repeated every minute while it is)',
    description:
      'While a page with its live updates open has said so in the last 90 seconds, the member is not emailed of news. A house-password session gets 403 MEMBERS_ONLY.',
  })
  @ApiAnswer(SUCCESS_ONLY)
  @ApiErrors(401, 403)
  async inView(@Req() request: MemberRequest) {
    await this.presence.inView(`member:${memberIdOf(request)}`);
    return { success: true };
  }
}
