import { Inject, Injectable } from '@nestjs/common';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions } from 'express';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { REDIS } from '../../platform/redis/redis.module';

export const CONCIERGE_COOKIE = 'mf_concierge';
const SESSION_HOURS = 12;

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** A cookie value we signed: when it ends and its session id. */
interface SignedSession {
  expiresAt: number;
  id: string;
}

/**
 * The members' gate: one shared password (CONCIERGE_PASSWORD) checked by the server, and a
 * session held in a signed, httpOnly cookie. The signature covers the password's hash, so
 * changing the password ends every session. Signing out revokes the session's id in Redis until
 * the cookie would have expired, so a copy of the cookie stops working too, on every api process.
 */
@Injectable()
export class ConciergeSessionService {
  /** The password's hash in every signature (computed once: every member's request checks one). */
  private readonly passwordTag: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.passwordTag = digest(config.CONCIERGE_PASSWORD ?? '').toString('hex');
  }

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
      .update(`concierge.v1.${payload}.${this.passwordTag}`)
      .digest('base64url');
  }

  /** A signed-out session's key: it exists until the cookie would have expired. */
  private revokedKey(id: string): string {
    return `${this.config.REDIS_PREFIX}:concierge:revoked:${id}`;
  }

  issue(now = Date.now()): { value: string; expiresAt: Date } {
    const expiresAt = new Date(now + SESSION_HOURS * 3600 * 1000);
    const payload = `${expiresAt.getTime()}.${randomBytes(12).toString('base64url')}`;
    return { value: `${payload}.${this.sign(payload)}`, expiresAt };
  }

  /** The session a cookie value carries, when we signed it for the current password and it is unexpired. */
  private read(value: unknown, now: number): SignedSession | null {
    if (!this.configured || typeof value !== 'string' || value.length > 200) return null;
    const parts = value.split('.');
    if (parts.length !== 3) return null;
    const [expires, id, signature] = parts;
    const expected = Buffer.from(this.sign(`${expires}.${id}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const expiresAt = Number(expires);
    if (expiresAt <= now) return null;
    return { expiresAt, id };
  }

  /** True when the cookie value is ours, unexpired, and its session has not been signed out. */
  async verify(value: unknown, now = Date.now()): Promise<boolean> {
    return (await this.sessionId(value, now)) !== null;
  }

  /** The id of the live session the cookie value carries (what the session's threads belong to), or null. */
  async sessionId(value: unknown, now = Date.now()): Promise<string | null> {
    const session = this.read(value, now);
    if (!session) return null;
    const revoked = await this.redis.exists(this.revokedKey(session.id));
    return revoked === 0 ? session.id : null;
  }

  /** Ends the cookie's session on the server; a value that is not a live session changes nothing. */
  async revoke(value: unknown, now = Date.now()): Promise<void> {
    const session = this.read(value, now);
    if (!session) return;
    await this.redis.set(this.revokedKey(session.id), '1', 'PX', Math.max(1, session.expiresAt - now));
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
