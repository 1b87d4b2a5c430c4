import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { renderBrandEmail } from '../../platform/mail/email-layout';
import { formatEventDate } from '../events/event-format';
import { formatAmount } from './money';
import { refundNoticeKey } from './payment-settlement.service';
import { PaymentsService } from './payments.service';

@Injectable()
export class PaymentsMailer {
  constructor(
    private readonly payments: PaymentsService,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Tells a guest, once, that the event filled up while they paid and the money is coming back. */
  async sendRefundNotice(paymentId: string): Promise<void> {
    const found = await this.payments.findWithContext(paymentId);
    if (!found) return;
    const { payment, invitation, event } = found;
    const brand = this.config.BRAND_NAME;
    const outcome = await this.emails.deliverOnce(
      refundNoticeKey(payment.id),
      { kind: 'payment.refund-notice', recipient: invitation.recipientEmail },
      () => {
        const body = renderBrandEmail({
          brand,
          appUrl: this.config.APP_URL,
          preheader: `Your payment for ${event.name} is being refunded in full.`,
          heading: 'Your Payment Is Being Refunded',
          paragraphs: [
            `Dear ${invitation.recipientName},`,
            `We are so sorry: ${event.name} reached capacity while your payment was being processed, after the time we could hold your seats had passed.`,
            `Your payment of ${formatAmount(payment.amount, payment.currency)} is being refunded in full to the card you used. Depending on your bank, it can take 5 to 10 business days to appear.`,
            'Should a place become available, our concierge will be in touch with you personally.',
          ],
          details: [
            ['Event', event.name],
            ['Date', formatEventDate(event.date)],
            ['Refund', formatAmount(payment.amount, payment.currency)],
          ],
        });
        return { to: invitation.recipientEmail, subject: `Your payment is being refunded · ${brand}`, ...body };
      },
    );
    if (!outcome.sent && outcome.reason === 'in-flight') {
      throw new Error('Another worker is sending this email right now; checking again later');
    }
  }
}
