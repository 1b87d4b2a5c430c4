import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { renderBrandEmail } from '../../platform/mail/email-layout';
import { formatEventDate } from '../events/event-format';
import { formatAmount } from './money';
import type { RefundReason } from './payment.entity';
import { refundNoticeKey } from './payment-settlement.service';
import { PaymentsService } from './payments.service';

/** Why the money goes back, as the guest reads it. */
function refundExplanation(reason: RefundReason | null | undefined, eventName: string): string {
  switch (reason) {
    case 'no_seat':
      return `We are so sorry: ${eventName} reached capacity while your payment was being processed, after the time we could hold your seats had passed.`;
    case 'changed':
      return `Your reservation for ${eventName} changed while this payment was being processed, so this payment no longer matches it.`;
    case 'duplicate':
      return `Your reservation for ${eventName} had already been paid, so this second payment is not needed. Your reservation stands.`;
    case 'event_cancelled':
      return `We are very sorry: ${eventName} has been cancelled.`;
    default:
      return `Your reservation for ${eventName} has been cancelled and your payment refunded.`;
  }
}

@Injectable()
export class PaymentsMailer {
  constructor(
    private readonly payments: PaymentsService,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Tells a guest, once, that a payment of theirs is being given back, and why. */
  async sendRefundNotice(paymentId: string, job?: Job): Promise<void> {
    const found = await this.payments.findWithContext(paymentId);
    if (!found) return;
    const { payment, invitation, event } = found;
    const brand = this.config.BRAND_NAME;
    const amount = formatAmount(payment.amount, payment.currency);
    const landed = payment.status === 'refunded';
    await this.emails.deliverOnce(
      refundNoticeKey(payment.id),
      { kind: 'payment.refund-notice', recipient: invitation.recipientEmail },
      () => {
        const body = renderBrandEmail({
          brand,
          appUrl: this.config.APP_URL,
          preheader: `Your payment for ${event.name} ${landed ? 'has been' : 'is being'} refunded in full.`,
          heading: landed ? 'Your Payment Has Been Refunded' : 'Your Payment Is Being Refunded',
          paragraphs: [
            `Dear ${invitation.recipientName},`,
            refundExplanation(payment.refundReason, event.name),
            `Your payment of ${amount} ${landed ? 'has been' : 'is being'} refunded in full to the card you used. Depending on your bank, it can take 5 to 10 business days to appear.`,
            payment.refundReason === 'no_seat'
              ? 'Should a place become available, our concierge will be in touch with you personally.'
              : 'Should you have any question, our concierge is at your disposal.',
          ],
          details: [
            ['Event', event.name],
            ['Date', formatEventDate(event.date)],
            ['Refund', amount],
          ],
        });
        return {
          to: invitation.recipientEmail,
          subject: `Your payment ${landed ? 'has been' : 'is being'} refunded · ${brand}`,
          ...body,
        };
      },
      { job },
    );
  }
}
