import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { PublicWrite } from '../../common/public-write.decorator';
import { RsvpDto } from './dto/rsvp.dto';
import { RsvpsService } from './rsvps.service';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, dataOnly } from '../../common/api-schema';
import { INVITATION_VIEW, RSVP_ANSWER } from './dto/invitation.schemas';

/** The guest's side: the invitation page and the RSVP, reached with the code from the email. */
@ApiTags('invitations')
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly rsvps: RsvpsService) {}

  @Get(':code')
  @ApiOperation({ summary: 'The invitation, its event and the guest’s answer so far' })
  @ApiAnswer(dataOnly(INVITATION_VIEW))
  @ApiErrors(404)
  async show(@Param('code') code: string) {
    return { data: await this.rsvps.view(code) };
  }

  @Post(':code/rsvp')
  @ApiOperation({ summary: 'The guest’s answer; `next` says whether a payment follows' })
  @ApiAnswer(dataOnly(RSVP_ANSWER))
  @ApiErrors(404, 409)
  @HttpCode(200)
  @PublicWrite('rsvp')
  async respond(@Param('code') code: string, @Body() body: RsvpDto) {
    return { data: await this.rsvps.respond(code, body) };
  }
}
