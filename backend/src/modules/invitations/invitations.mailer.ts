import { formatGuestCount } from '@maison/shared';
import { Inject, Injectable } from '@nestjs/common';
import { DelayedError, type Job } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService, isFinalAttempt } from '../../platform/mail/email-delivery.service';
import { renderBrandEmail } from '../../platform/mail/email-layout';
import type { UnsubscribeLinks } from '../../platform/mail/mail-consent';
import type { OutgoingEmail } from '../../platform/mail/mail-transport';
import {
  eventAddress,
  eventCalendar,
  type EventView as Event,
  formatDeadline,
  formatEventDate,
  formatEventTime,
  formatTicketPrice,
  reminderLead,
  rsvpDeadlineOf,
  startKey,
} from '../events';
import { cancellationKey, changeNoticeKey, reminderKey, type EventChangeLine } from './event-notices';
import type { Invitation } from './invitation.entity';
import { invitationKey, InvitationsService, rsvpConfirmationKey } from './invitations.service';
import type { Rsvp } from './rsvp.entity';
import { RsvpPasses } from './rsvp-pass';

const PASS_CID = 'pass@maison';

/** Renders and sends the Launch Party emails, each at most once (EmailDeliveryService.deliverOnce). */
@Injectable()
export class InvitationsMailer {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly emails: EmailDeliveryService,
    private readonly passes: RsvpPasses,
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
   * the two steps). Another worker sending it right now makes this job look again later.
   */
  async sendInvitation(invitationId: number, job?: Job): Promise<void> {
    const key = invitationKey(invitationId);
    await this.finalOnLastTry(key, job, async () => {
      const found = await this.invitations.findWithEvent(invitationId);
      if (!found) return;
      const { invitation, event } = found;
      // An invitation to an event is mail a guest can leave (category): skipped once they have.
      const meta = {
        kind: 'invitation.send',
        recipient: invitation.recipientEmail,
        category: 'event-invitations' as const,
      };
      if (invitation.status === 'cancelled' || event.status === 'cancelled') {
        const what = invitation.status === 'cancelled' ? 'invitation' : 'event';
        await this.emails.skip(key, meta, `The ${what} was cancelled before its email went out`);
        return;
      }
      const outcome = await this.emails.deliverOnce(
        key,
        meta,
        (links) => this.renderInvitation(invitation, event, links),
        {
          job,
        },
      );
      if (outcome.sent || outcome.reason === 'already-sent') await this.invitations.markSent(invitation.id);
    });
  }

  /**
   * The RSVP confirmation of one confirmed state (version) of the RSVP. When the answer has
   * changed since (declined, other guests), this email is skipped: the newer version has its own.
   */
  async sendRsvpConfirmation(rsvpId: string, version: number | undefined, job?: Job): Promise<void> {
    const found = await this.invitations.findRsvpWithInvitation(rsvpId);
    if (!found) return;
    const { rsvp, invitation, event } = found;
    // Jobs queued before confirmations had versions confirm the current one.
    const wanted = version ?? Math.max(rsvp.confirmationVersion, 1);
    const key = rsvpConfirmationKey(rsvp.id, wanted);
    const meta = { kind: 'rsvp.confirmation', recipient: invitation.recipientEmail };
    await this.finalOnLastTry(key, job, async () => {
      if (rsvp.status === 'pending' || rsvp.confirmationVersion !== wanted) {
        await this.emails.skip(
          key,
          meta,
          rsvp.status === 'pending'
            ? 'The guest is no longer attending'
            : 'The RSVP changed before this confirmation went out; the newer one is sent instead',
        );
        return;
      }
      const earlier = Array.from({ length: wanted - 1 }, (_, i) => rsvpConfirmationKey(rsvp.id, i + 1));
      const updated = await this.emails.anySent(earlier);
      await this.emails.deliverOnce(
        key,
        meta,
        async () =>
          rsvp.status === 'not_attending'
            ? this.renderDeclined(invitation, event)
            : this.renderConfirmation(rsvp, invitation, event, updated, await this.passes.png(rsvp.passId)),
        { job },
      );
    });
  }

  /**
   * One guest's reminder, `hoursBefore` the start it was planned for: skipped when the guest no
   * longer attends or the event moved (the new start has its own), sent at most once.
   */
  async sendReminder(payload: { rsvpId: string; hoursBefore: number; startsAt: string }, job?: Job): Promise<void> {
    const found = await this.invitations.findRsvpWithInvitation(payload.rsvpId);
    if (!found) return;
    const { rsvp, invitation, event } = found;
    const key = reminderKey(rsvp.id, payload.hoursBefore, payload.startsAt);
    const meta = { kind: 'event.reminder', recipient: invitation.recipientEmail };
    await this.finalOnLastTry(key, job, async () => {
      const reason =
        rsvp.status !== 'attending' || invitation.status === 'cancelled'
          ? 'The guest is no longer attending'
          : event.status === 'cancelled'
            ? 'The event was cancelled'
            : startKey(event) !== payload.startsAt
              ? 'The event moved; the reminder for its new start is sent instead'
              : null;
      if (reason) {
        await this.emails.skip(key, meta, reason);
        return;
      }
      await this.emails.deliverOnce(
        key,
        meta,
        async () =>
          this.renderReminder(rsvp, invitation, event, payload.hoursBefore, await this.passes.png(rsvp.passId)),
        { job },
      );
    });
  }

  /** An attending guest told what changed (date, time, venue), with the updated .ics. */
  async sendEventChange(payload: { rsvpId: string; changeId: string; changes: EventChangeLine[] }, job?: Job) {
    const found = await this.invitations.findRsvpWithInvitation(payload.rsvpId);
    if (!found) return;
    const { rsvp, invitation, event } = found;
    const key = changeNoticeKey(rsvp.id, payload.changeId);
    const meta = { kind: 'event.change', recipient: invitation.recipientEmail };
    await this.finalOnLastTry(key, job, async () => {
      if (rsvp.status !== 'attending' || event.status === 'cancelled') {
        await this.emails.skip(key, meta, 'The guest is no longer attending');
        return;
      }
      await this.emails.deliverOnce(key, meta, () => this.renderEventChange(invitation, event, payload.changes), {
        job,
      });
    });
  }

  /** An invited guest told the event is cancelled (a paid guest's refund has its own notice). */
  async sendEventCancelled(invitationId: number, job?: Job): Promise<void> {
    const found = await this.invitations.findWithEvent(invitationId);
    if (!found) return;
    const { invitation, event } = found;
    const key = cancellationKey(invitation.id);
    await this.finalOnLastTry(key, job, async () => {
      await this.emails.deliverOnce(
        key,
        { kind: 'event.cancelled', recipient: invitation.recipientEmail },
        () => this.renderEventCancelled(invitation, event),
        { job },
      );
    });
  }

  /** A map search for the venue (Google Maps' universal link: opens the app on phones). */
  private mapUrl(event: Event): string {
    return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent([event.venue, eventAddress(event)].join(', '))}`;
  }

  renderReminder(
    rsvp: Rsvp,
    invitation: Invitation,
    event: Event,
    hoursBefore: number,
    passPng?: Buffer,
  ): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const url = this.invitationUrl(invitation.invitationCode);
    const when = reminderLead(hoursBefore);
    const body = renderBrandEmail({
      brand,
      appUrl: this.appUrl,
      preheader: `${event.name} is ${when}.`,
      heading: 'We Look Forward to Your Company',
      paragraphs: [
        `Dear ${invitation.recipientName},`,
        `A gentle reminder: ${event.name} is ${when}, and we look forward to welcoming you.`,
        `Find your way to ${event.venue} with the map below.`,
        'The calendar invitation attached holds the details below.',
        ...(passPng ? ['Please present the pass below at the door; it admits your whole party.'] : []),
      ],
      ...(passPng
        ? {
            image: { cid: PASS_CID, alt: `Door pass for ${invitation.recipientName}`, caption: 'Your pass', size: 200 },
          }
        : {}),
      details: [
        ...this.details(event),
        ['Guests', formatGuestCount(rsvp.guestCount)],
        ...(rsvp.guestNames.length ? [['Guest names', rsvp.guestNames.join(', ')] as [string, string]] : []),
      ],
      action: { label: 'Open the Map', url: this.mapUrl(event) },
    });
    return {
      to: invitation.recipientEmail,
      subject: `Reminder: ${event.name} is ${when} · ${brand}`,
      ...body,
      attachments: [
        this.calendar(event, `event-${event.id}-invitation-${invitation.id}`, url),
        ...(passPng ? [{ filename: 'pass.png', content: passPng, contentType: 'image/png', cid: PASS_CID }] : []),
      ],
    };
  }

  renderEventChange(invitation: Invitation, event: Event, changes: EventChangeLine[]): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const url = this.invitationUrl(invitation.invitationCode);
    const body = renderBrandEmail({
      brand,
      appUrl: this.appUrl,
      preheader: `The details of ${event.name} have changed.`,
      heading: 'A Change to Your Evening',
      paragraphs: [
        `Dear ${invitation.recipientName},`,
        `Please note that the details of ${event.name} have changed:`,
        ...changes.map(([label, before, after]) => `${label}: now ${after} (previously ${before}).`),
        'The calendar update attached replaces the earlier one. Your reservation stands as it was.',
      ],
      details: this.details(event),
      action: { label: 'View Your Invitation', url },
    });
    return {
      to: invitation.recipientEmail,
      subject: `Changed: ${event.name} · ${brand}`,
      ...body,
      attachments: [this.calendar(event, `event-${event.id}-invitation-${invitation.id}`, url)],
    };
  }

  renderEventCancelled(invitation: Invitation, event: Event): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const url = this.invitationUrl(invitation.invitationCode);
    const body = renderBrandEmail({
      brand,
      appUrl: this.appUrl,
      preheader: `We regret that ${event.name} has been cancelled.`,
      heading: 'With Our Regrets',
      paragraphs: [
        `Dear ${invitation.recipientName},`,
        `We regret to tell you that ${event.name}, planned for ${formatEventDate(event.date)}, has been cancelled.`,
        'Any payment you made for it is refunded in full; a separate message confirms the refund.',
        `Should you have any question, please contact ${event.organizer} at ${event.organizerContact}.`,
      ],
      details: [
        ['Event', event.name],
        ['Date', formatEventDate(event.date)],
      ],
    });
    return {
      to: invitation.recipientEmail,
      subject: `Cancelled: ${event.name} · ${brand}`,
      ...body,
      attachments: [this.calendar(event, `event-${event.id}-invitation-${invitation.id}`, url, { cancelled: true })],
    };
  }

  /** A job failing on its last try records the failure for good, so no one waits on it. */
  private async finalOnLastTry(key: string, job: Job | undefined, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof DelayedError) && isFinalAttempt(job)) {
        await this.emails.giveUp(key, error instanceof Error ? error.message : String(error));
      }
      throw error;
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

  private calendar(event: Event, uid: string, url: string, change: { cancelled?: boolean } = {}) {
    const host = new URL(this.appUrl).hostname || 'localhost';
    return {
      filename: `${
        event.name
          .replace(/[^\w]+/g, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase() || 'event'
      }.ics`,
      // SEQUENCE grows with each email about the event (seconds), so calendars keep the latest.
      content: eventCalendar(event, {
        uid: `${uid}@${host}`,
        url,
        productId: this.config.BRAND_NAME,
        sequence: Math.floor(Date.now() / 1000),
        ...change,
      }),
      contentType: `text/calendar; charset=utf-8; method=${change.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    };
  }

  renderInvitation(invitation: Invitation, event: Event, unsubscribe?: UnsubscribeLinks): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const url = this.invitationUrl(invitation.invitationCode);
    const allowance =
      invitation.maxGuests === 1
        ? 'This invitation is personal and admits one guest.'
        : `This invitation admits a party of up to ${formatGuestCount(invitation.maxGuests, 'sentence')}.`;
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
        'Kindly respond through your personal invitation below.',
      ],
      details: this.details(event),
      action: { label: 'Respond to Invitation', url },
      unsubscribe,
    });
    return {
      to: invitation.recipientEmail,
      subject: `You are invited: ${event.name} · ${brand}`,
      ...body,
      attachments: [this.calendar(event, `event-${event.id}-invitation-${invitation.id}`, url)],
    };
  }

  /** A guest who attended (or was paying) declined: the calendar entry is withdrawn. */
  renderDeclined(invitation: Invitation, event: Event): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const url = this.invitationUrl(invitation.invitationCode);
    const body = renderBrandEmail({
      brand,
      appUrl: this.appUrl,
      preheader: `We have noted that you will not attend ${event.name}.`,
      heading: 'Your RSVP Has Been Updated',
      paragraphs: [
        `Dear ${invitation.recipientName},`,
        `We have noted that you will not attend ${event.name}. You will be missed.`,
        'The calendar update attached removes the evening from your calendar.',
        `Should your plans change, you may answer again through your invitation until ${formatDeadline(rsvpDeadlineOf(event), event.timeZone)}.`,
      ],
      details: [...this.details(event), ['Your answer', 'Regretfully declined']],
      action: { label: 'View Your Invitation', url },
    });
    return {
      to: invitation.recipientEmail,
      subject: `Declined: ${event.name} · ${brand}`,
      ...body,
      attachments: [this.calendar(event, `event-${event.id}-invitation-${invitation.id}`, url, { cancelled: true })],
    };
  }

  /** `updated`: an earlier confirmation of this RSVP went out, and this one replaces it. */
  renderConfirmation(
    rsvp: Rsvp,
    invitation: Invitation,
    event: Event,
    updated = false,
    passPng?: Buffer,
  ): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const url = this.invitationUrl(invitation.invitationCode);
    const body = renderBrandEmail({
      brand,
      appUrl: this.appUrl,
      preheader: `Your RSVP has been confirmed for ${event.name}.`,
      heading: updated ? 'Your RSVP Has Been Updated' : 'Your RSVP Is Confirmed',
      paragraphs: [
        `Dear ${invitation.recipientName},`,
        `Your RSVP has been confirmed for ${event.name}. We look forward to welcoming you.`,
        ...(updated ? ['These details replace those of our earlier confirmation.'] : []),
        'The calendar invitation attached holds the details below.',
        `Should your plans change, you may update your answer through your invitation until ${formatDeadline(rsvpDeadlineOf(event), event.timeZone)}.`,
        ...(passPng ? ['Please present the pass below at the door; it admits your whole party.'] : []),
      ],
      ...(passPng
        ? {
            image: { cid: PASS_CID, alt: `Door pass for ${invitation.recipientName}`, caption: 'Your pass', size: 200 },
          }
        : {}),
      details: [
        ...this.details(event),
        ['Guests', formatGuestCount(rsvp.guestCount)],
        ...(rsvp.guestNames.length ? [['Guest names', rsvp.guestNames.join(', ')] as [string, string]] : []),
      ],
      action: { label: 'View Your Invitation', url },
    });
    return {
      to: invitation.recipientEmail,
      subject: `${updated ? 'Updated confirmation' : 'Confirmed'}: ${event.name} · ${brand}`,
      ...body,
      attachments: [
        this.calendar(event, `event-${event.id}-invitation-${invitation.id}`, url),
        ...(passPng ? [{ filename: 'pass.png', content: passPng, contentType: 'image/png', cid: PASS_CID }] : []),
      ],
    };
  }
}
