import { formatDateTime, formatGuestCount } from '@maison/shared';
import { Inject, Injectable } from '@nestjs/common';
import { DelayedError, type Job } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService, isFinalAttempt } from '../../platform/mail/email-delivery.service';
import { renderBrandEmail } from '../../platform/mail/email-layout';
import type { OutgoingEmail } from '../../platform/mail/mail-transport';
import { eventAddress, type EventView, formatEventDate, formatEventTime, formatTicketPrice } from '../events';
import type { Invitation } from './invitation.entity';
import type { WaitingListEntry } from './waiting-list-entry.entity';
import { waitingListOfferKey, WaitingListService } from './waiting-list.service';

/** The waiting list's email: an offer of seats, sent at most once per offer. */
@Injectable()
export class WaitingListMailer {
  constructor(
    private readonly waitingList: WaitingListService,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sendOffer(entryId: string, job?: Job): Promise<void> {
    const found = await this.waitingList.offerContext(entryId);
    if (!found) return;
    const { entry, invitation, event, rsvp } = found;
    const key = waitingListOfferKey(entry.id);
    const meta = { kind: 'waiting-list.offer', recipient: invitation.recipientEmail };
    try {
      if (entry.status !== 'offered' || !entry.offerExpiresAt || rsvp?.status === 'attending') {
        await this.emails.skip(key, meta, 'The offer ended before its email went out');
        return;
      }
      await this.emails.deliverOnce(key, meta, () => this.renderOffer(entry, invitation, event), { job });
    } catch (error) {
      if (!(error instanceof DelayedError) && isFinalAttempt(job)) {
        await this.emails.giveUp(key, error instanceof Error ? error.message : String(error));
      }
      throw error;
    }
  }

  renderOffer(entry: WaitingListEntry, invitation: Invitation, event: EventView): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const appUrl = this.config.APP_URL.replace(/\/+$/, '');
    const url = `${appUrl}/invitation/${invitation.invitationCode}`;
    // On the venue's clock, its zone named: the guest may be reading far from it.
    const until = formatDateTime(entry.offerExpiresAt!, { style: 'long', timeZone: event.timeZone, nameZone: true });
    const party = entry.guestCount === 1 ? 'a place' : `${entry.guestCount} places`;
    const body = renderBrandEmail({
      brand,
      appUrl,
      preheader: `A place has opened at ${event.name}. It is held for you until ${until}.`,
      heading: 'A Place Has Opened',
      paragraphs: [
        `Dear ${invitation.recipientName},`,
        `A place has opened at ${event.name}, and you are next on the waiting list. We are holding ${party} for you until ${until}.`,
        Number(event.ticketPrice) > 0
          ? 'Kindly confirm your RSVP and complete the payment through your invitation before then.'
          : 'Kindly confirm your RSVP through your invitation before then.',
        `After that time the ${entry.guestCount === 1 ? 'place passes' : 'places pass'} to the next guest in line.`,
      ],
      details: [
        ['Event', event.name],
        ['Date', formatEventDate(event.date)],
        ['Time', formatEventTime(event)],
        ['Venue', event.venue],
        ['Address', eventAddress(event)],
        ['Ticket', formatTicketPrice(event)],
        ['Guests', formatGuestCount(entry.guestCount)],
        ['Held until', until],
      ],
      action: { label: 'Claim Your Place', url },
    });
    return {
      to: invitation.recipientEmail,
      subject: `A place has opened: ${event.name} · ${brand}`,
      ...body,
    };
  }
}
