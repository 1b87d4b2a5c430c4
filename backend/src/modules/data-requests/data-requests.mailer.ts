import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { renderBrandEmail } from '../../platform/mail/email-layout';
import type { OutgoingEmail } from '../../platform/mail/mail-transport';
import { downloadToken, unseal } from './data-request-tokens';
import { DataRequestsService } from './data-requests.service';
import type { DataRequestLinkPayload } from './jobs/data-request.jobs';

/** 'Saturday, November 28, 2026 at 17:40 UTC'. */
function formatUntil(date: Date): string {
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(date);
  return `${day} at ${time} UTC`;
}

/**
 * The data requests' emails, strictly transactional (no unsubscribe, never suppressed): the
 * "your data" link, the export's download link, and the receipt of an erasure request. Each is
 * sent at most once (EmailDeliveryService.deliverOnce).
 */
@Injectable()
export class DataRequestsMailer {
  constructor(
    private readonly requests: DataRequestsService,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get appUrl(): string {
    return this.config.APP_URL.replace(/\/+$/, '');
  }

  async sendLink(payload: DataRequestLinkPayload, job?: Job): Promise<void> {
    const opened = unseal(this.config.SESSION_SECRET, payload.sealed);
    if (!opened) return;
    const { email, token } = JSON.parse(opened) as { email: string; token: string };
    await this.emails.deliverOnce(
      payload.key,
      { kind: 'data-request.link', recipient: email },
      () => this.renderLink(email, token),
      { job },
    );
  }

  async sendExportReady(requestId: string, job?: Job): Promise<void> {
    const request = await this.requests.forMail(requestId);
    if (!request?.email) return;
    const key = `data-request.export-ready:${requestId}`;
    const meta = { kind: 'data-request.export-ready', recipient: request.email };
    if (!request.live || !request.downloadExpiresAt) {
      await this.emails.skip(key, meta, 'The export expired or was erased before its email went out');
      return;
    }
    const token = downloadToken(this.config.SESSION_SECRET, requestId);
    const until = request.downloadExpiresAt;
    await this.emails.deliverOnce(key, meta, () => this.renderExportReady(request.email!, token, until), { job });
  }

  async sendErasureReceived(requestId: string, job?: Job): Promise<void> {
    const request = await this.requests.forMail(requestId);
    if (!request?.email) return;
    await this.emails.deliverOnce(
      `data-request.erasure-received:${requestId}`,
      { kind: 'data-request.erasure-received', recipient: request.email },
      () => this.renderErasureReceived(request.email!),
      { job },
    );
  }

  renderLink(email: string, token: string): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const body = renderBrandEmail({
      brand,
      appUrl: this.config.APP_URL,
      preheader: 'See what we hold about you, take a copy, or ask us to erase it.',
      heading: 'Your Data',
      paragraphs: [
        `You asked what ${brand} holds about this address. The link below opens a private page where you may receive a copy of everything we keep, or ask us to erase it.`,
        `The link is yours alone and remains valid for ${this.config.DATA_EXPORT_LINK_HOURS} hours.`,
        'If you did not ask, no action is needed: nothing changes unless the link is used.',
      ],
      action: { label: 'Open Your Data', url: `${this.appUrl}/your-data/${token}` },
    });
    return { to: email, subject: `Your Data · ${brand}`, ...body };
  }

  renderExportReady(email: string, token: string, until: Date): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const body = renderBrandEmail({
      brand,
      appUrl: this.config.APP_URL,
      preheader: 'A copy of everything we hold about you is ready to download.',
      heading: 'Your Copy Is Ready',
      paragraphs: [
        `A copy of everything ${brand} holds about you is ready: one archive, with a short guide to each file inside.`,
        'The link below downloads it. For your privacy it works until the time shown, after which the file is deleted from our systems.',
      ],
      details: [['Available until', formatUntil(until)]],
      action: { label: 'Download Your Data', url: `${this.appUrl}/your-data/download/${token}` },
    });
    return { to: email, subject: `Your Data Is Ready · ${brand}`, ...body };
  }

  renderErasureReceived(email: string): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const body = renderBrandEmail({
      brand,
      appUrl: this.config.APP_URL,
      preheader: 'We have received your request to erase your data.',
      heading: 'Your Request to Erase Your Data',
      paragraphs: [
        `We have received your request that ${brand} erase what it holds about you. A member of our team will carry it out within 30 days; nothing further is needed from you.`,
        'Once it is done, your name, address, conversations and preferences are gone from our systems. Records of payments are kept as the law requires, with the amounts and dates only: your name and address are taken from them.',
        'This is the last email we send to this address about it.',
      ],
    });
    return { to: email, subject: `Your Erasure Request · ${brand}`, ...body };
  }
}
