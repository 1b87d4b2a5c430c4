import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiAnswer, ApiErrors } from '../../common/api-schema';
import { AcceptOfferDto } from './dto/member-input.dto';
import { MEMBERSHIP_OFFER, SIGNED_IN } from './dto/member.schemas';
import { MemberOffersService } from './member-offers.service';
import { MEMBER_COOKIE, MemberSessionsService } from './member-sessions.service';
import { MembersAccountService } from './members-account.service';
import { MembersOpenForWritesGuard } from './open-for-writes.guard';

/** The set-up page of a membership offer (/membership/{token}). */
@ApiTags('members')
@Controller('membership/offers')
export class MembershipController {
  constructor(
    private readonly offers: MemberOffersService,
    private readonly sessions: MemberSessionsService,
    private readonly account: MembersAccountService,
  ) {}

  @Get(':token')
  @ApiOperation({ summary: 'The offer a set-up link carries; never consumes the link' })
  @ApiAnswer(MEMBERSHIP_OFFER)
  @ApiErrors(404, 410)
  inspect(@Param('token') token: string) {
    return this.offers.inspect(token);
  }

  @Post(':token/accept')
  @UseGuards(MembersOpenForWritesGuard)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Accepts the offer with the member’s confirmed name: consumes the link, signs the member in',
  })
  @ApiAnswer(SIGNED_IN)
  @ApiErrors(400, 404, 410, 503)
  async accept(
    @Param('token') token: string,
    @Body() body: AcceptOfferDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { memberId, session } = await this.offers.accept(token, body.name, request.headers['user-agent']);
    response.cookie(MEMBER_COOKIE, session.token, this.sessions.cookieOptions(session.expiresAt));
    return { member: await this.account.self(memberId) };
  }
}
