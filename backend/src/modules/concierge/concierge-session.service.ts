import { Inject, Injectable } from '@nestjs/common';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions } from 'express';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { REDIS } from '../../platform/redis/redis.module';
import { MEMBER_COOKIE, MemberSessionsService, type MemberTier } from '../members';

export const CONCIERGE_COOKIE = 'mf_concierge';
const SESSION_HOURS = 12;

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** The prefix of a member's owner key: `member:<memberId>`, the same on every device. */
const MEMBER_OWNER = 'member:';

/** The member an owner key names, or null for a house-password session's key. */
export function memberIdOf(ownerKey: string): string | null {
  return ownerKey.startsWith(MEMBER_OWNER) ? ownerKey.slice(MEMBER_OWNER.length) : null;
}

/**
 * Who a browser is in the concierge area: the owner key its threads, requests and ratings belong
 * to (`member:<memberId>` for a member, on every device; the house-password session's id
 * otherwise), and for a member, the session on this device and who the member is.
 */
interface ConciergeOwner {
  key: string;
  member: { sessionId: string; id: string; name: string; tier: MemberTier } | null;
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
    private readonly members: MemberSessionsService,
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

  /** The id of the live session the cookie value carries (what the session's threads belong to), or null. */
  async sessionId(value: unknown, now = Date.now()): Promise<string | null> {
    const session = this.read(value, now);
    if (!session) return null;
    const revoked = await this.redis.exists(this.revokedKey(session.id));
    return revoked === 0 ? session.id : null;
  }

  /**
   * The owner a request's cookies name: a live member session first (checked in the database on
   * every call), else a live house-password session, else null.
   */
  async owner(cookies: Record<string, unknown> | undefined, now = Date.now()): Promise<ConciergeOwner | null> {
    const memberCookie = cookies?.[MEMBER_COOKIE];
    if (typeof memberCookie === 'string' && memberCookie !== '') {
      const view = await this.members.resolve(memberCookie);
      if (view) {
        const { id, name, tier } = view.member;
        return { key: `${MEMBER_OWNER}${id}`, member: { sessionId: view.sessionId, id, name, tier } };
      }
    }
    const id = await this.sessionId(cookies?.[CONCIERGE_COOKIE], now);
    return id ? { key: id, member: null } : null;
  }

  /** Ends the member session a cookie value names (this device only); anything else changes nothing. */
  async endMember(value: unknown): Promise<void> {
    if (typeof value === 'string' && value !== '') await this.members.end(value);
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
