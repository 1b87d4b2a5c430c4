import { formatDateTime } from '@maison/shared';
import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { AppError } from '../../common/app-error';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { renderBrandEmail, type EmailDetail } from '../../platform/mail/email-layout';
import { ThreadsService } from '../concierge';
import { bookingCalendar } from './booking-calendar';
import { formatMinor } from './booking-money';
import { BookingsService, type BookingMessageKind } from './bookings.service';
import { MemberCard } from './member-card.entity';
import { EntityManager } from '@mikro-orm/postgresql';

export const confirmationKey = (paymentId: string) => `booking.confirmation:${paymentId}`;

const SIGNATURE = 'Your concierge';

/**
 * What the member hears of a booking's payment: in their thread (confirmed, held, released,
 * refunded) and, once confirmed, by email with the details, the receipt and a calendar entry.
 */
@Injectable()
export class BookingsMailer {
  constructor(
    private readonly bookings: BookingsService,
    private readonly threads: ThreadsService,
    private readonly emails: EmailDeliveryService,
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The money is taken: the request is confirmed, the member told in the thread and by email. */
  async confirm(paymentId: string, job?: Job): Promise<void> {
    const outcome = await this.bookings.confirmRequest(paymentId);
    if (outcome === 'missing') return;
    const found = await this.bookings.withContext(paymentId);
    if (!found) return;
    const { payment, request, option } = found;
    const amount = formatMinor(payment.amount, payment.currency);
    if (outcome === 'refunded') {
      await this.say(
        request.threadId,
        `Your request had been closed before your payment arrived, so ${amount} is being refunded to your card in full.`,
      );
      return;
    }
    await this.say(
      request.threadId,
      `It is confirmed: **${option.title}**. ${amount} has been charged to your card; a confirmation and your receipt are on their way by email.`,
    );
    const card = payment.cardId ? await this.em.fork().findOne(MemberCard, { id: payment.cardId }) : null;
    const brand = this.config.BRAND_NAME;
    const conversation = `${this.config.APP_URL.replace(/\/$/, '')}/concierge${request.threadId ? `?thread=${request.threadId}` : ''}`;
    const details: EmailDetail[] = [
      ['Booking', option.title],
      ...(option.startsAt
        ? ([
            ['When', formatDateTime(option.startsAt, { style: 'long', timeZone: 'UTC', nameZone: true })],
          ] as EmailDetail[])
        : []),
      ['Amount', amount],
      ['Paid with', card ? `${capitalise(card.brand)} ending ${card.last4}` : 'Card'],
      ['Receipt number', payment.id.slice(0, 8).toUpperCase()],
      [
        'Paid on',
        formatDateTime((payment.confirmedAt ?? new Date()).toISOString(), {
          style: 'long',
          timeZone: 'UTC',
          nameZone: true,
        }),
      ],
      ...(option.cancellationTerms ? ([['Cancellation', option.cancellationTerms]] as EmailDetail[]) : []),
      ...(payment.receiptUrl
        ? ([['Receipt', { text: 'View your receipt', url: payment.receiptUrl }]] as EmailDetail[])
        : []),
    ];
    await this.emails.deliverOnce(
      confirmationKey(payment.id),
      { kind: 'booking.confirmation', recipient: payment.recipientEmail },
      () => {
        const body = renderBrandEmail({
          brand,
          appUrl: this.config.APP_URL,
          preheader: `${option.title} is confirmed.`,
          heading: 'Your Booking Is Confirmed',
          paragraphs: [
            `It is our pleasure to confirm ${option.title}.`,
            ...(option.description ? [option.description] : []),
            `Your card has been charged ${amount}. This email is your receipt; please keep it for your records.`,
            option.startsAt
              ? 'The calendar entry attached adds it to your calendar in one tap.'
              : 'Should you wish to change anything, your concierge is at your disposal.',
          ],
          details,
          action: { label: 'Open the Conversation', url: conversation },
          signOff: SIGNATURE,
        });
        return {
          to: payment.recipientEmail,
          subject: `Confirmed: ${option.title} · ${brand}`,
          ...body,
          ...(option.startsAt
            ? {
                attachments: [
                  {
                    filename: 'booking.ics',
                    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
                    content: bookingCalendar({
                      uid: `booking-${payment.id}@${new URL(this.config.APP_URL).hostname}`,
                      title: option.title,
                      startsAt: new Date(option.startsAt),
                      description: option.description ?? `Booked through ${brand}.`,
                      productId: `-//${brand}//Bookings//EN`,
                      url: conversation,
                    }),
                  },
                ],
              }
            : {}),
        };
      },
      { job },
    );
  }

  /** A hold, its release, or a refund, said in the member's thread. */
  async tell(paymentId: string, kind: BookingMessageKind): Promise<void> {
    const found = await this.bookings.withContext(paymentId);
    if (!found) return;
    const { payment, request, option } = found;
    const amount = formatMinor(payment.amount, payment.currency);
    const words: Record<BookingMessageKind, string> = {
      held: `${amount} is held on your card for **${option.title}** while we confirm with the supplier. Nothing is taken until they confirm.`,
      released:
        request.status === 'cancelled'
          ? `Your booking of **${option.title}** is cancelled. The hold of ${amount} on your card has been released; nothing was charged.`
          : `The supplier could not confirm **${option.title}**. The hold of ${amount} on your card has been released; nothing was charged.`,
      refunded: `${formatMinor(payment.refundedAmount, payment.currency)} for **${option.title}** has been refunded to your card. Depending on your bank, it can take 5 to 10 business days to appear.`,
    };
    await this.say(request.threadId, words[kind]);
  }

  private async say(threadId: string | null, content: string): Promise<void> {
    if (!threadId) return;
    await this.threads.postConciergeMessage(threadId, { author: SIGNATURE, content }).catch((error: unknown) => {
      // The member deleted the thread: the email still goes.
      if (!(error instanceof AppError && error.kind === 'not_found')) throw error;
    });
  }
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
