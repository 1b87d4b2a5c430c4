import { formatGuestCount } from '@maison/shared';
import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { renderBrandEmail } from '../../platform/mail/email-layout';
import { formatEventDate } from '../events';
import { formatAmount } from './money';
import type { RefundReason } from './payment.entity';
import { partialRefundNoticeKey, PaymentSettlement, refundNoticeKey } from './payment-settlement.service';
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
    case 'guest_change':
      return `As you asked, your reservation for ${eventName} has been changed.`;
    default:
      return `Your reservation for ${eventName} has been cancelled and your payment refunded.`;
  }
}

@Injectable()
export class PaymentsMailer {
  constructor(
    private readonly payments: PaymentsService,
    private readonly settlement: PaymentSettlement,
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

  /** Tells a guest who lowered the count, once, that the difference is on its way back. */
  async sendPartialRefundNotice(refundId: string, job?: Job): Promise<void> {
    const refund = await this.settlement.partialRefund(refundId);
    const found = refund && (await this.payments.findWithContext(refund.paymentId));
    if (!refund || !found) return;
    const { payment, invitation, event, rsvp } = found;
    const brand = this.config.BRAND_NAME;
    const amount = formatAmount(refund.amount, payment.currency);
    await this.emails.deliverOnce(
      partialRefundNoticeKey(refund.id),
      { kind: 'payment.refund-notice', recipient: invitation.recipientEmail },
      () => {
        const body = renderBrandEmail({
          brand,
          appUrl: this.config.APP_URL,
          preheader: `${amount} of your payment for ${event.name} is being refunded.`,
          heading: 'Part of Your Payment Is Being Refunded',
          paragraphs: [
            `Dear ${invitation.recipientName},`,
            rsvp.status === 'attending'
              ? `As you asked, your reservation for ${event.name} is now for ${formatGuestCount(rsvp.guestCount, 'sentence')}.`
              : `As you asked, your reservation for ${event.name} has been cancelled.`,
            `The difference of ${amount} is being refunded to the card you used. Depending on your bank, it can take 5 to 10 business days to appear.`,
            'Should you have any question, our concierge is at your disposal.',
          ],
          details: [
            ['Event', event.name],
            ['Date', formatEventDate(event.date)],
            ['Refund', amount],
          ],
        });
        return { to: invitation.recipientEmail, subject: `Part of your payment is being refunded · ${brand}`, ...body };
      },
      { job },
    );
  }
}
