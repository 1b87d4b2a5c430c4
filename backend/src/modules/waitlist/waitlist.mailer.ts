import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
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

  /**
   * Sends the welcome email once: the one email of a sign-up, with the link that confirms it
   * (double opt-in). It is of the 'updates' category (the person may leave it). A missing entry
   * (deleted since) means nothing to send.
   */
  async sendWelcome(entryId: string): Promise<void> {
    const entry = await this.waitlist.findById(entryId);
    if (!entry) return;
    const brand = this.config.BRAND_NAME;
    const days = this.config.WAITLIST_UNCONFIRMED_DAYS;
    await this.emails.deliverOnce(
      `waitlist.welcome:${entry.id}`,
      { kind: 'waitlist.welcome', recipient: entry.email, category: 'updates' },
      (links) => {
        const greeting = entry.fullName ? `Dear ${entry.fullName},` : 'Dear friend,';
        const body = renderBrandEmail({
          brand,
          appUrl: this.config.APP_URL,
          preheader: 'One last step: confirm your place in our exclusive community.',
          heading: 'Welcome to the Inner Circle',
          paragraphs: [
            greeting,
            `Thank you for requesting access to ${brand}. One last step: please confirm your place, so that we know this address is yours and may write to you as membership opens.`,
            'Private aviation at six hours’ notice, exceptional residences and the most coveted tables, arranged around the clock by your personal concierge. We look forward to welcoming you.',
            `If you did not request access, no need to do anything: an unconfirmed request is removed after ${days} days.`,
          ],
          action: { label: 'Confirm your place', url: this.waitlist.confirmationUrl(entry.id) },
          ...(links ? { unsubscribe: { url: links.url, preferencesUrl: links.preferencesUrl } } : {}),
        });
        return { to: entry.email, subject: `Confirm your place · ${brand}`, ...body };
      },
    );
  }

  /**
   * Sends the confirmation link again (someone signed up again before confirming): strictly
   * transactional, so no category, never suppressed. Nothing is sent once the entry is confirmed
   * or gone; at most one such email per entry per day (its key).
   */
  async sendConfirmationAgain(entryId: string, key: string, job?: Job): Promise<void> {
    const entry = await this.waitlist.findById(entryId);
    // Removed since (unconfirmed past its days, with this email's record): nothing to send.
    if (!entry) return;
    if (entry.confirmedAt) {
      await this.emails.skip(
        key,
        { kind: 'waitlist.confirm-again', recipient: entry.email },
        'Confirmed before the email went out',
      );
      return;
    }
    const brand = this.config.BRAND_NAME;
    await this.emails.deliverOnce(
      key,
      { kind: 'waitlist.confirm-again', recipient: entry.email },
      () => {
        const body = renderBrandEmail({
          brand,
          appUrl: this.config.APP_URL,
          preheader: 'Your link to confirm your place, as requested.',
          heading: 'Confirm Your Place',
          paragraphs: [
            entry.fullName ? `Dear ${entry.fullName},` : 'Dear friend,',
            `You asked to join ${brand} again: your request is already with us, and needs only your confirmation. The button below confirms your place.`,
            `If you did not ask, no need to do anything: an unconfirmed request is removed after ${this.config.WAITLIST_UNCONFIRMED_DAYS} days.`,
          ],
          action: { label: 'Confirm your place', url: this.waitlist.confirmationUrl(entry.id) },
        });
        return { to: entry.email, subject: `Confirm your place · ${brand}`, ...body };
      },
      { job },
    );
  }
}
