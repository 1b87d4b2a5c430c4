import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, SUCCESS_ONLY } from '../../common/api-schema';
import { MarkReadDto } from './dto/mark-read.dto';
import { MemberNoticesService } from './member-notices.service';
import { MembersOnlyGuard, type MemberNoticesRequest } from './members-only.guard';

/** The member's unread marks: opening a conversation or a request reads its news. */
@ApiTags('members')
@Controller('members/me')
@UseGuards(MembersOnlyGuard)
export class MemberNoticesController {
  constructor(private readonly notices: MemberNoticesService) {}

  @Post('read')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Marks a conversation (with its requests) or a request read',
    description: 'A house-password session gets 403 MEMBERS_ONLY.',
  })
  @ApiAnswer(SUCCESS_ONLY)
  @ApiErrors(400, 401, 403)
  async read(@Req() request: MemberNoticesRequest, @Body() body: MarkReadDto) {
    await this.notices.markRead(request.memberSession!.member.id, body);
    return { success: true };
  }
}
