import { Body, Controller, Delete, Get, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../common/app-error';
import { ApiAnswer, ApiErrors, dataOnly, SUCCESS_ONLY } from '../../common/api-schema';
import { RateLimitService } from '../../common/rate-limit.service';
import { memberIdOf, MembersOnly, type MemberRequest } from '../members';
import { NominateByEmailDto } from './dto/nominate.dto';
import { MEMBER_NOMINATIONS, NOMINATION_LINK, NOMINATION_SENT } from './dto/nominations.schemas';
import { NominationsService } from './nominations.service';

/** A link code as newCode makes them (base64url); anything else names no link. */
const CODE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Letters a member may have the club send in a day: enough for a dinner party's guest list, too few
 * to turn a membership into a mailing list.
 */
const EMAILS_PER_DAY = {
  name: 'nominate-by-email',
  limit: 10,
  windowSeconds: 24 * 3600,
  message: 'That makes ten nominations today: please continue tomorrow.',
} as const;

/** 'Nominate' in the member's account: their personal links and the people they nominated by email. */
@ApiTags('members')
@Controller('members/me/nominations')
@UseGuards(MembersOnly('Nominations are made by members: please sign in with your membership.'))
@ApiErrors(401, 403)
export class MemberNominationsController {
  constructor(
    private readonly nominations: NominationsService,
    private readonly limits: RateLimitService,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'The member’s personal nomination links and the people they nominated by email (a first link is made on first visit)',
    description:
      'Only the member’s own nominations; no counts of anyone else’s. A house-password session gets 403 MEMBERS_ONLY.',
  })
  @ApiAnswer(dataOnly(MEMBER_NOMINATIONS))
  async overview(@Req() request: MemberRequest) {
    return { data: await this.nominations.forMember(memberIdOf(request)) };
  }

  @Post('links')
  @ApiOperation({ summary: 'Makes another personal link (at most five live at once)' })
  @ApiAnswer(dataOnly(NOMINATION_LINK), { status: 201, description: 'Created' })
  @ApiErrors(409)
  async addLink(@Req() request: MemberRequest) {
    return { data: await this.nominations.addLink(memberIdOf(request)) };
  }

  @Delete('links/:code')
  @ApiOperation({
    summary: 'Retires a personal link: sign-ups through it still join, but are no longer credited',
    description: 'A nominee the member emailed with that link is still credited.',
  })
  @ApiAnswer(SUCCESS_ONLY)
  @ApiErrors(404)
  async revokeLink(@Req() request: MemberRequest, @Param('code') code: string): Promise<{ success: true }> {
    if (!CODE.test(code)) throw AppError.notFound('You have no such link', 'NOMINATION_LINK_UNKNOWN');
    await this.nominations.revokeLink(memberIdOf(request), code);
    return { success: true };
  }

  @Post()
  @ApiOperation({
    summary: 'Nominate by email: the club writes to the person once, in the member’s name, with their link',
    description:
      'One email per address per member (409 ALREADY_NOMINATED); a member’s address is not written to (409 ALREADY_A_MEMBER); ten asked a day (429). A disposable or the member’s own address is refused (400).',
  })
  @ApiAnswer(dataOnly(NOMINATION_SENT), { status: 201, description: 'Created' })
  @ApiErrors(400, 409, 429)
  async nominate(@Req() request: MemberRequest, @Body() body: NominateByEmailDto) {
    const memberId = memberIdOf(request);
    // Every nomination asked counts against the day's ten, refused or not: the answers must not
    // become a way to learn, address by address, who belongs to the club.
    await this.limits.consume(EMAILS_PER_DAY, memberId);
    return { data: await this.nominations.nominateByEmail(memberId, body) };
  }
}
