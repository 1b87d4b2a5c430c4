import { Inject, Injectable } from '@nestjs/common';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions } from 'express';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';

export const CONCIERGE_COOKIE = 'mf_concierge';
const SESSION_HOURS = 12;

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * The members' gate: one shared password (CONCIERGE_PASSWORD) checked by the server, and a
 * session held in a signed, httpOnly cookie. The signature covers the password's hash, so
 * changing the password ends every session.
 */
@Injectable()
export class ConciergeSessionService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return Boolean(this.config.CONCIERGE_PASSWORD);
  }

  /** Constant-time comparison (both sides hashed, so lengths never leak). */
  passwordMatches(candidate: string): boolean {
    const expected = this.config.CONCIERGE_PASSWORD;
    if (!expected) return false;
    return timingSafeEqual(digest(candidate), digest(expected));
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.config.SESSION_SECRET)
      .update(`concierge.v1.${payload}.${digest(this.config.CONCIERGE_PASSWORD ?? '').toString('hex')}`)
      .digest('base64url');
  }

  issue(now = Date.now()): { value: string; expiresAt: Date } {
    const expiresAt = new Date(now + SESSION_HOURS * 3600 * 1000);
    const payload = `${expiresAt.getTime()}.${randomBytes(12).toString('base64url')}`;
    return { value: `${payload}.${this.sign(payload)}`, expiresAt };
  }

  /** True when the cookie value was issued by us, for the current password, and is unexpired. */
  verify(value: unknown, now = Date.now()): boolean {
    if (!this.configured || typeof value !== 'string' || value.length > 200) return false;
    const parts = value.split('.');
    if (parts.length !== 3) return false;
    const [expires, nonce, signature] = parts;
    const expected = Buffer.from(this.sign(`${expires}.${nonce}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    return Number(expires) > now;
  }

  cookieOptions(expiresAt?: Date): CookieOptions {
    return {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.APP_URL.startsWith('https:'),
      path: '/',
      ...(expiresAt ? { expires: expiresAt } : {}),
    };
  }
}
