import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';

const PREFIX = 'MFP1';
const TOKEN = /^MFP1\.([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;

export interface PassCode {
  token: string;
  /** The QR code as an SVG document (the invitation page draws it). */
  svg: string;
}

/**
 * The token on an attending guest's QR pass: `MFP1.<pass id>.<HMAC-SHA256 of it>`, keyed by the
 * app's secret. Without the secret no one can make a token the door accepts. The signature is
 * compared as text, not decoded: its last base64url character carries two bits no byte uses,
 * and decoding would let four spellings of one signature through; only the one we issued passes.
 */
@Injectable()
export class RsvpPasses {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // Its own key, derived from the app secret: a pass signature is no use as a session's.
    this.key = createHmac('sha256', config.SESSION_SECRET).update('rsvp-pass').digest();
  }

  private signature(passId: string): Buffer {
    return createHmac('sha256', this.key).update(`${PREFIX}.${passId}`).digest();
  }

  token(passId: string): string {
    return `${PREFIX}.${passId}.${this.signature(passId).toString('base64url')}`;
  }

  /** The pass id a token carries, or null when it is not one we signed. */
  verify(token: unknown): string | null {
    if (typeof token !== 'string') return null;
    const match = TOKEN.exec(token.trim());
    if (!match) return null;
    const given = Buffer.from(match[2], 'ascii');
    const expected = Buffer.from(this.signature(match[1]).toString('base64url'), 'ascii');
    return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : null;
  }

  async code(passId: string): Promise<PassCode> {
    const token = this.token(passId);
    const svg = await QRCode.toString(token, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    return { token, svg };
  }

  /** The QR code as a PNG, for emails (most mail clients show no SVG). */
  png(passId: string): Promise<Buffer> {
    return QRCode.toBuffer(this.token(passId), { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
  }
}
