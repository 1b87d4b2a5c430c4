import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { renderBrandEmail } from '../../platform/mail/email-layout';
import { WaitlistService } from './waitlist.service';

@Injectable()
export class WaitlistMailer {
  constructor(
    private readonly waitlist: WaitlistService,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Sends the welcome email once; a missing entry (deleted since) means nothing to send. */
  async sendWelcome(entryId: string): Promise<void> {
    const entry = await this.waitlist.findById(entryId);
    if (!entry) return;
    const brand = this.config.BRAND_NAME;
    await this.emails.deliverOnce(
      `waitlist.welcome:${entry.id}`,
      { kind: 'waitlist.welcome', recipient: entry.email },
      () => {
        const greeting = entry.fullName ? `Dear ${entry.fullName},` : 'Dear friend,';
        const body = renderBrandEmail({
          brand,
          appUrl: this.config.APP_URL,
          preheader: 'Your place in our exclusive community is secured.',
          heading: 'Welcome to the Inner Circle',
          paragraphs: [
            greeting,
            `Thank you for requesting access to ${brand}. Your place in our exclusive community is secured, and you will be among the first to hear as membership opens.`,
            'Private aviation at six hours’ notice, exceptional residences and the most coveted tables, arranged around the clock by your personal concierge. We look forward to welcoming you.',
          ],
          action: { label: 'Visit the Maison', url: this.config.APP_URL },
        });
        return { to: entry.email, subject: `Welcome to the Inner Circle · ${brand}`, ...body };
      },
    );
  }
}
