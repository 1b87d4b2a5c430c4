import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { AppError } from '../../common/app-error';
import { MAIL_CATEGORIES, type MailCategory, type UnsubscribeLinks } from '../../platform/mail/mail-consent';

/** What a signed link says: whose choices, and which mail it came with. */
export interface PrivacyLink {
  subjectKey: string;
  category: MailCategory;
  /** The UTC day it was issued (YYYY-MM-DD): recorded, never a limit (RFC 8058 links keep working). */
  issued: string;
}

export const LINK_INVALID =
  'This link is incomplete or has been altered, so we cannot tell whose emails it is for. Please use the link from the email exactly as it arrived.';

const SUBJECT_KEY = /^[0-9a-f]{64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A token is short (about 150 characters); anything much longer is not one of ours. */
const LONGEST_TOKEN = 400;

/**
 * The signed links of the unsubscribe and preference pages: `base64url(payload).signature`, the
 * payload naming the subject key, the mail category and the day issued, the signature an
 * HMAC-SHA256 with SESSION_SECRET (under a purpose of its own). No expiry: a List-Unsubscribe
 * link must keep working as long as the email exists. A tampered link is refused (400).
 */
@Injectable()
export class PrivacyTokens {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  sign(subjectKey: string, category: MailCategory, issued = new Date()): string {
    const payload = Buffer.from(
      JSON.stringify({ k: subjectKey, c: category, d: issued.toISOString().slice(0, 10) }),
      'utf8',
    ).toString('base64url');
    return `${payload}.${this.signature(payload)}`;
  }

  /** The link's content, or a 400 with LINK_INVALID for anything not signed by us. */
  verify(token: unknown): PrivacyLink {
    const invalid = () => AppError.badRequest(LINK_INVALID, undefined, 'PRIVACY_LINK_INVALID');
    if (typeof token !== 'string' || token.length === 0 || token.length > LONGEST_TOKEN) throw invalid();
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) throw invalid();
    const expected = Buffer.from(this.signature(payload), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
    let content: unknown;
    try {
      content = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalid();
    }
    const { k, c, d } = (content ?? {}) as Record<string, unknown>;
    if (typeof k !== 'string' || !SUBJECT_KEY.test(k)) throw invalid();
    if (typeof c !== 'string' || !(MAIL_CATEGORIES as readonly string[]).includes(c)) throw invalid();
    if (typeof d !== 'string' || !DAY.test(d)) throw invalid();
    return { subjectKey: k, category: c as MailCategory, issued: d };
  }

  /** The links an email of this category carries for the person with this subject key. */
  linksFor(subjectKey: string, category: MailCategory): UnsubscribeLinks {
    const token = this.sign(subjectKey, category);
    const base = this.config.APP_URL.replace(/\/+$/, '');
    return {
      url: `${base}/unsubscribe/${token}`,
      oneClickUrl: `${base}/api/privacy/unsubscribe?token=${token}`,
      preferencesUrl: `${base}/email-preferences/${token}`,
    };
  }

  private signature(payload: string): string {
    return createHmac('sha256', this.config.SESSION_SECRET)
      .update(`privacy.link.v1.${payload}`, 'utf8')
      .digest('base64url');
  }
}
