import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { renderBrandEmail } from '../../platform/mail/email-layout';
import type { OutgoingEmail } from '../../platform/mail/mail-transport';
import type { MemberTier } from './member.entity';
import { derivedCode, derivedToken } from './member-tokens';

export const TIER_NAMES: Record<MemberTier, string> = {
  nomad: 'Nomad',
  voyager: 'Voyager',
  patron: 'Patron',
  black: 'Black',
};

export const offerEmailKey = (offerId: string) => `member.offer:${offerId}`;
export const signInEmailKey = (linkId: string) => `member.sign-in:${linkId}`;

/** 'Thursday, December 3, 2026 at 11:30 UTC'. */
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

/** Renders and sends the members' emails, each at most once (EmailDeliveryService.deliverOnce). */
@Injectable()
export class MembersMailer {
  constructor(
    private readonly em: EntityManager,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get appUrl(): string {
    return this.config.APP_URL.replace(/\/+$/, '');
  }

  /** The set-up link of an offer; an offer used, withdrawn or expired before its turn sends nothing. */
  async sendOffer(offerId: string, job?: Job): Promise<void> {
    const [row] = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ name: string; email: string; tier: MemberTier; expires_at: Date; live: boolean }>>(
        `select m.name, m.email, m.tier, o.expires_at,
              (o.used_at is null and o.revoked_at is null and o.expires_at > now()) as live
         from membership_offers o join members m on m.id = o.member_id where o.id = ?`,
        [offerId],
      );
    if (!row) return;
    const key = offerEmailKey(offerId);
    const meta = { kind: 'member.offer', recipient: row.email };
    if (!row.live) {
      await this.emails.skip(key, meta, 'The offer was used, withdrawn or expired before its email went out');
      return;
    }
    const token = derivedToken(this.config.SESSION_SECRET, 'offer', offerId);
    await this.emails.deliverOnce(
      key,
      meta,
      () =>
        this.renderOffer({
          name: row.name,
          email: row.email,
          tier: row.tier,
          expiresAt: new Date(row.expires_at),
          token,
        }),
      { job },
    );
  }

  /** A sign-in email: its link and code; one used or expired before its turn sends nothing. */
  async sendSignIn(linkId: string, job?: Job): Promise<void> {
    const [row] = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ name: string; email: string; live: boolean }>>(
        `select m.name, m.email, (l.used_at is null and l.expires_at > now() and l.attempts < 5) as live
         from member_sign_in_links l join members m on m.id = l.member_id where l.id = ?`,
        [linkId],
      );
    if (!row) return;
    const key = signInEmailKey(linkId);
    const meta = { kind: 'member.sign-in', recipient: row.email };
    if (!row.live) {
      await this.emails.skip(key, meta, 'The sign-in link was used or expired before its email went out');
      return;
    }
    const secret = this.config.SESSION_SECRET;
    await this.emails.deliverOnce(
      key,
      meta,
      () =>
        this.renderSignIn({
          name: row.name,
          email: row.email,
          token: derivedToken(secret, 'sign-in', linkId),
          code: derivedCode(secret, linkId),
        }),
      { job },
    );
  }

  renderOffer(offer: { name: string; email: string; tier: MemberTier; expiresAt: Date; token: string }): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const tier = TIER_NAMES[offer.tier];
    const body = renderBrandEmail({
      brand,
      appUrl: this.config.APP_URL,
      preheader: `Your ${tier} membership of ${brand} awaits your acceptance.`,
      heading: 'An Invitation to Membership',
      paragraphs: [
        `Dear ${offer.name},`,
        `It is our pleasure to offer you ${tier} membership of ${brand}: your personal concierge, around the clock, and every privilege of the house.`,
        'The link below is yours alone. It opens your membership once, where you confirm your name and choose how you will sign in. It remains valid until the date shown.',
      ],
      details: [
        ['Membership', tier],
        ['Valid until', formatUntil(offer.expiresAt)],
      ],
      action: { label: 'Accept Membership', url: `${this.appUrl}/membership/${offer.token}` },
    });
    return { to: offer.email, subject: `Your Membership Awaits · ${brand}`, ...body };
  }

  renderSignIn(signIn: { name: string; email: string; token: string; code: string }): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    const code = `${signIn.code.slice(0, 3)} ${signIn.code.slice(3)}`;
    const body = renderBrandEmail({
      brand,
      appUrl: this.config.APP_URL,
      preheader: `Your sign-in code is ${code}.`,
      heading: 'Your Sign-In Link',
      paragraphs: [
        `Dear ${signIn.name},`,
        `Follow the link below to sign in to the members’ area of ${brand}, or enter the code on the sign-in page. Both are valid for 15 minutes and may be used once.`,
        'If you did not ask to sign in, no action is needed: your account remains secure.',
      ],
      details: [['Sign-in code', code]],
      action: { label: 'Sign In', url: `${this.appUrl}/members/sign-in/${signIn.token}` },
    });
    return { to: signIn.email, subject: `Your Sign-In Link · ${brand}`, ...body };
  }
}
