import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService, type DeliveryOutcome } from '../../platform/mail/email-delivery.service';
import { renderBrandEmail } from '../../platform/mail/email-layout';
import type { OutgoingEmail } from '../../platform/mail/mail-transport';
import { eventAddress, eventCalendar } from '../events/event-calendar';
import { formatEventDate, formatEventTime, formatTicketPrice } from '../events/event-format';
import type { Event } from '../events/event.entity';
import type { Invitation } from './invitation.entity';
import { InvitationsService } from './invitations.service';
import type { Rsvp } from './rsvp.entity';

export const invitationEmailKey = (invitationId: number) => `invitation.send:${invitationId}`;
export const rsvpConfirmationKey = (rsvpId: string) => `rsvp.confirmation:${rsvpId}`;

/** Renders and sends the Launch Party emails, each at most once (EmailDeliveryService.deliverOnce). */
@Injectable()
export class InvitationsMailer {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get appUrl(): string {
    return this.config.APP_URL.replace(/\/+$/, '');
  }

  invitationUrl(code: string): string {
    return `${this.appUrl}/invitation/${code}`;
  }

  /**
   * Sends the invitation, then marks it sent. The mark happens only after the SMTP server has
   * accepted the message, and also when a retried job finds it already sent (a crash between
   * the two steps). Another worker sending it right now makes this attempt retry later.
   */
  async sendInvitation(invitationId: number): Promise<void> {
    const found = await this.invitations.findWithEvent(invitationId);
    if (!found || found.invitation.status === 'cancelled') return;
    const { invitation, event } = found;
    const outcome = await this.emails.deliverOnce(
      invitationEmailKey(invitation.id),
      { kind: 'invitation.send', recipient: invitation.recipientEmail },
      () => this.renderInvitation(invitation, event),
    );
    this.retryWhileInFlight(outcome);
    await this.invitations.markSent(invitation.id);
  }

  /** The RSVP confirmation (free events on RSVP; paid ones once the payment succeeds). */
  async sendRsvpConfirmation(rsvpId: string): Promise<void> {
    const found = await this.invitations.findRsvpWithInvitation(rsvpId);
    if (!found || found.rsvp.status !== 'attending') return;
    const { rsvp, invitation, event } = found;
    const outcome = await this.emails.deliverOnce(
      rsvpConfirmationKey(rsvp.id),
      { kind: 'rsvp.confirmation', recipient: invitation.recipientEmail },
      () => this.renderConfirmation(rsvp, invitation, event),
    );
    this.retryWhileInFlight(outcome);
  }

  private retryWhileInFlight(outcome: DeliveryOutcome): void {
    if (!outcome.sent && outcome.reason === 'in-flight') {
      throw new Error('Another worker is sending this email right now; checking again later');
    }
  }

  private details(event: Event): Array<[string, string]> {
    return [
      ['Event', event.name],
      ['Date', formatEventDate(event.date)],
      ['Time', formatEventTime(event)],
      ['Venue', event.venue],
      ['Address', eventAddress(event)],
      ...(event.dresscode ? [['Dress code', event.dresscode] as [string, string]] : []),
      ['Ticket', formatTicketPrice(event)],
    ];
  }

  private calendar(event: Event, uid: string, url: string) {
    const host = new URL(this.appUrl).hostname || 'localhost';
    return {
      filename: `${
        event.name
          .replace(/[^\w]+/g, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase() || 'event'
      }.ics`,
      content: eventCalendar(event, { uid: `${uid}@${host}`, url, productId: this.config.BRAND_NAME }),
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    };
  }

  renderInvitation(invitation: Invitation, event: Event): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const url = this.invitationUrl(invitation.invitationCode);
    const allowance =
      invitation.maxGuests === 1
        ? 'This invitation is personal and admits one guest.'
        : `This invitation admits a party of up to ${invitation.maxGuests} guests.`;
    const body = renderBrandEmail({
      brand,
      appUrl: this.appUrl,
      preheader: `${event.organizer} requests the pleasure of your company at ${event.name}.`,
      heading: 'You Are Invited',
      paragraphs: [
        `Dear ${invitation.recipientName},`,
        `${event.organizer} requests the pleasure of your company at ${event.name}.`,
        event.description,
        allowance,
        ...(invitation.specialNotes ? [invitation.specialNotes] : []),
        `Kindly respond through your personal invitation: ${url}`,
      ],
      details: this.details(event),
      action: { label: 'Respond to Invitation', url },
    });
    return {
      to: invitation.recipientEmail,
      subject: `You are invited: ${event.name} · ${brand}`,
      ...body,
      attachments: [this.calendar(event, `event-${event.id}-invitation-${invitation.id}`, url)],
    };
  }

  renderConfirmation(rsvp: Rsvp, invitation: Invitation, event: Event): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const url = this.invitationUrl(invitation.invitationCode);
    const guests = `${rsvp.guestCount} ${rsvp.guestCount === 1 ? 'Guest' : 'Guests'}`;
    const body = renderBrandEmail({
      brand,
      appUrl: this.appUrl,
      preheader: `Your RSVP has been confirmed for ${event.name}.`,
      heading: 'Your RSVP Is Confirmed',
      paragraphs: [
        `Dear ${invitation.recipientName},`,
        `Your RSVP has been confirmed for ${event.name}. We look forward to welcoming you.`,
        'The calendar invitation attached holds the details below.',
      ],
      details: [
        ...this.details(event),
        ['Guests', guests],
        ...(rsvp.guestNames.length ? [['Guest names', rsvp.guestNames.join(', ')] as [string, string]] : []),
      ],
      action: { label: 'View Your Invitation', url },
    });
    return {
      to: invitation.recipientEmail,
      subject: `Confirmed: ${event.name} · ${brand}`,
      ...body,
      attachments: [this.calendar(event, `event-${event.id}-invitation-${invitation.id}`, url)],
    };
  }
}
