import { Injectable } from '@nestjs/common';
import type { MailCategory, MailConsent, UnsubscribeLinks } from '../../platform/mail/mail-consent';
import { ConsentService } from './consent.service';
import { PrivacyTokens } from './privacy-tokens';

/** The privacy module's answer to the mail platform (MAIL_CONSENT): may we write, and how to leave. */
@Injectable()
export class MailConsentProvider implements MailConsent {
  constructor(
    private readonly consent: ConsentService,
    private readonly tokens: PrivacyTokens,
  ) {}

  allows(email: string, category: MailCategory): Promise<boolean> {
    return this.consent.allows(email, category);
  }

  unsubscribeFor(email: string, category: MailCategory): UnsubscribeLinks {
    return this.tokens.linksFor(this.consent.subjectKey(email), category);
  }
}
