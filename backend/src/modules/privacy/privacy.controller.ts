import { EntityManager } from '@mikro-orm/postgresql';
import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, successData } from '../../common/api-schema';
import { PublicWrite } from '../../common/public-write.decorator';
import type { MailCategory } from '../../platform/mail/mail-consent';
import { ConsentService, type MailChoices } from './consent.service';
import { EmailPreferencesDto, PrivacyTokenQueryDto } from './dto/privacy.dto';
import { EMAIL_PREFERENCES } from './dto/privacy.schemas';
import { PrivacyTokens } from './privacy-tokens';

const CHOICE_OF: Record<MailCategory, keyof MailChoices> = {
  updates: 'updates',
  'event-invitations': 'eventInvitations',
  digests: 'digests',
};

/**
 * Leaving a mailing from an email (issue 31, section 3): the one-click unsubscribe of RFC 8058
 * and the preference page's reads and writes. No session and no CSRF token: the signed link in
 * the address is the authority (see PrivacyTokens), and it names a subject key, never an address.
 */
@ApiTags('privacy')
@Controller('privacy')
@ApiErrors(400)
export class PrivacyController {
  constructor(
    private readonly consent: ConsentService,
    private readonly tokens: PrivacyTokens,
    private readonly em: EntityManager,
  ) {}

  @Post('unsubscribe')
  @HttpCode(200)
  @PublicWrite('privacy')
  @ApiOperation({
    summary: 'One-click unsubscribe (RFC 8058): the person leaves the kind of email the link came with',
    description:
      'The List-Unsubscribe target. Mail clients post `List-Unsubscribe=One-Click` form-encoded; the body is optional. ' +
      'Idempotent: a withdrawal is written to the consent ledger only when it changes something.',
  })
  // The body is never read: whatever a mail client posts (RFC 8058 says `List-Unsubscribe=One-Click`),
  // the signed token in the address decides, so no body can make the click fail.
  @ApiBody({
    required: false,
    description: 'Optional; mail clients send `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded).',
    schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } },
  })
  @ApiAnswer(successData(EMAIL_PREFERENCES))
  @ApiErrors(429)
  async unsubscribe(@Query() query: PrivacyTokenQueryDto) {
    const link = this.tokens.verify(query.token);
    const { choices } = await this.em
      .fork()
      .transactional((tx) =>
        this.consent.choose(
          tx,
          link.subjectKey,
          { [CHOICE_OF[link.category]]: false },
          { source: 'email-link', wordingVersion: null },
        ),
      );
    return { success: true as const, data: { category: link.category, choices } };
  }

  @Get('preferences')
  @ApiOperation({ summary: 'What the person the link names receives now (the preference page)' })
  @ApiAnswer(successData(EMAIL_PREFERENCES))
  async preferences(@Query() query: PrivacyTokenQueryDto) {
    const link = this.tokens.verify(query.token);
    return {
      success: true as const,
      data: { category: link.category, choices: await this.consent.choicesFor(link.subjectKey) },
    };
  }

  @Put('preferences')
  @PublicWrite('privacy')
  @ApiOperation({
    summary: 'The preference page’s Save: what the person receives from now on',
    description: 'One consent-ledger row (granted or withdrawn, source email-link) per choice that changes.',
  })
  @ApiAnswer(successData(EMAIL_PREFERENCES))
  @ApiErrors(429)
  async choose(@Body() body: EmailPreferencesDto) {
    const link = this.tokens.verify(body.token);
    const { choices } = await this.em
      .fork()
      .transactional((tx) =>
        this.consent.choose(
          tx,
          link.subjectKey,
          { updates: body.updates, eventInvitations: body.eventInvitations, digests: body.digests },
          { source: 'email-link', wordingVersion: 'email-preferences-v1' },
        ),
      );
    return { success: true as const, data: { category: link.category, choices } };
  }
}
