import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { renderBrandEmail } from '../../platform/mail/email-layout';
import { nominationEmailKey, NominationsService } from './nominations.service';

/** The club's letter to a person a member nominated, sent once (EmailDeliveryService.deliverOnce). */
@Injectable()
export class NominationsMailer {
  constructor(
    private readonly nominations: NominationsService,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A nomination withdrawn since, or a member no longer active, sends nothing. */
  async sendNomination(nominationId: string, job?: Job): Promise<void> {
    const letter = await this.nominations.emailOf(nominationId);
    if (!letter) return;
    const brand = this.config.BRAND_NAME;
    await this.emails.deliverOnce(
      nominationEmailKey(nominationId),
      // An update from the club: an address that left the club's updates is not written to.
      { kind: 'nomination.email', recipient: letter.email, category: 'updates' },
      (unsubscribe) => {
        const body = renderBrandEmail({
          brand,
          appUrl: this.config.APP_URL,
          preheader: `${letter.memberName} has nominated you to ${brand}.`,
          heading: 'You Have Been Nominated',
          paragraphs: [
            `Dear ${letter.name},`,
            `${letter.memberName}, a member of ${brand}, has nominated you to join us. Membership is by invitation only, and a member’s word carries weight with us.`,
            'Should you wish to accept, request your place through the link below. We will write to you once to confirm your address, and keep you informed as places open.',
            'If this is not for you, there is nothing to do: we will not write to you again about it.',
          ],
          action: { label: 'Request Your Place', url: this.nominations.linkUrl(letter.code) },
          signOff: `With our compliments, ${brand}`,
          unsubscribe,
        });
        return { to: letter.email, subject: `${letter.memberName} has nominated you · ${brand}`, ...body };
      },
      { job },
    );
  }
}
