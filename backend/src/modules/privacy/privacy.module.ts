import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module } from '@nestjs/common';
import { MAIL_CONSENT } from '../../platform/mail/mail-consent';
import { ConsentLedgerEntry, MailPreference } from './consent.entities';
import { ConsentService } from './consent.service';
import { MailConsentProvider } from './mail-consent.provider';
import { PrivacyController } from './privacy.controller';
import { PrivacyTokens } from './privacy-tokens';

/**
 * Consent on record and leaving a mailing: the consent ledger and what each person receives,
 * the signed unsubscribe and preference links, and the answer to the mail platform's question
 * (MAIL_CONSENT). Global, because the mail platform asks it for every email with a category and
 * the modules that record consent (waitlist, members, preferences, data requests) use ConsentService.
 */
@Global()
@Module({
  imports: [MikroOrmModule.forFeature([ConsentLedgerEntry, MailPreference])],
  controllers: [PrivacyController],
  providers: [
    ConsentService,
    PrivacyTokens,
    MailConsentProvider,
    { provide: MAIL_CONSENT, useExisting: MailConsentProvider },
  ],
  exports: [ConsentService, PrivacyTokens, MAIL_CONSENT],
})
export class PrivacyModule {}
