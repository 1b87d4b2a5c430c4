import { EntityManager } from '@mikro-orm/postgresql';
import { Body, Controller, Get, Put, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, dataOnly } from '../../common/api-schema';
import { ConsentService, MAIL_CHOICES, MailChoicesDto } from '../privacy';
import { MemberSessionGuard, sessionOf, type MemberRequest } from './member-session.guard';

/**
 * "Emails we send you" in the member's account: the same three choices as the preference page of
 * an email's link, signed in; kept in the consent ledger (privacy) with source 'account'.
 */
@ApiTags('members')
@Controller('members/me/mail-preferences')
@UseGuards(MemberSessionGuard)
@ApiErrors(401, 403)
export class MemberMailPreferencesController {
  constructor(
    private readonly consent: ConsentService,
    private readonly em: EntityManager,
  ) {}

  @Get()
  @ApiOperation({ summary: 'What the signed-in member receives by email (beyond what is strictly transactional)' })
  @ApiAnswer(dataOnly(MAIL_CHOICES))
  async read(@Req() request: MemberRequest) {
    return { data: await this.consent.choicesFor(this.consent.subjectKey(sessionOf(request).member.email)) };
  }

  @Put()
  @ApiOperation({
    summary: 'The member chooses what they receive',
    description: 'One consent-ledger row (granted or withdrawn, source account) per choice that changes.',
  })
  @ApiAnswer(dataOnly(MAIL_CHOICES))
  @ApiErrors(400)
  async choose(@Req() request: MemberRequest, @Body() body: MailChoicesDto) {
    const { member } = sessionOf(request);
    const { choices } = await this.em
      .fork()
      .transactional((tx) =>
        this.consent.choose(
          tx,
          this.consent.subjectKey(member.email),
          { updates: body.updates, eventInvitations: body.eventInvitations, digests: body.digests },
          { source: 'account', wordingVersion: 'account-emails-v1', subjectType: 'member', subjectId: member.id },
        ),
      );
    return { data: choices };
  }
}
