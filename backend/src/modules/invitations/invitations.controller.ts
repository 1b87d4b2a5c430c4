import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { PublicWrite } from '../../common/public-write.decorator';
import { RsvpDto } from './dto/rsvp.dto';
import { RsvpsService } from './rsvps.service';

/** The guest's side: the invitation page and the RSVP, reached with the code from the email. */
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly rsvps: RsvpsService) {}

  @Get(':code')
  async show(@Param('code') code: string) {
    return { data: await this.rsvps.view(code) };
  }

  @Post(':code/rsvp')
  @HttpCode(200)
  @PublicWrite('rsvp')
  async respond(@Param('code') code: string, @Body() body: RsvpDto) {
    return { data: await this.rsvps.respond(code, body) };
  }
}
