import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { CookieOptions, Response } from 'express';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { LiveEventsService } from '../../platform/live/live-events.service';
import type { MemberTier } from './member.entity';
import { newToken, tokenHash, tokenOf } from './member-tokens';
import { describeUserAgent } from './user-agent';

export const MEMBER_COOKIE = 'mf_member';

const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 3600 * 1000;

/** Every api process hears of ended sessions on this live channel. */
const ENDED_CHANNEL = 'members:sessions-ended';

export interface MemberSessionView {
  sessionId: string;
  member: { id: string; name: string; email: string; tier: MemberTier };
}

export interface MemberDevice {
  id: string;
  browser: string;
  system: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

type EndedListener = (ended: { sessionIds: string[] }) => void;

/**
 * Members' sessions, held by the server: the cookie carries a random token, the row its SHA-256
 * hash. Every request looks the session up (so a suspension or a sign-out elsewhere takes effect
 * at once); a session in use is extended to 30 days from its last use, at most once a minute.
 * Ended sessions are announced on Redis pub/sub so every api process can close what they hold open.
 */
@Injectable()
export class MemberSessionsService {
  private readonly logger = new Logger('MemberSessions');
  private readonly listeners = new Set<EndedListener>();
  private subscription: Promise<() => void> | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly live: LiveEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The live session a cookie value names (checked in the database on every call), or null. */
  async resolve(cookieValue: unknown): Promise<MemberSessionView | null> {
    const token = tokenOf(cookieValue);
    if (!token) return null;
    // One round trip: find the session of an active member, and extend it (and the member's last
    // seen) when its last use is more than a minute old.
    const rows = await this.em
      .getConnection()
      .execute<Array<{ id: string; member_id: string; name: string; email: string; tier: MemberTier }>>(
        `with found as (
         select s.id, s.member_id, m.name, m.email, m.tier, s.last_seen_at < now() - interval '1 minute' as stale
           from member_sessions s join members m on m.id = s.member_id
          where s.token_hash = ? and s.expires_at > now() and m.status = 'active'
       ),
       touched as (
         update member_sessions s set last_seen_at = now(), expires_at = now() + make_interval(days => ?)
           from found where s.id = found.id and found.stale
         returning s.member_id
       ),
       seen as (
         update members m set last_seen_at = now() from touched where m.id = touched.member_id
       )
       select id, member_id, name, email, tier from found`,
        [tokenHash(token), SESSION_DAYS],
      );
    const row = rows[0];
    if (!row) return null;
    return { sessionId: row.id, member: { id: row.member_id, name: row.name, email: row.email, tier: row.tier } };
  }

  /** Opens a session for a member on this device; the token goes in the cookie, never in the database. */
  async issue(
    em: EntityManager,
    memberId: string,
    userAgent: string | undefined,
  ): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_MS);
    const { browser, system } = describeUserAgent(userAgent);
    const [row] = await em.getConnection().execute<Array<{ id: string }>>(
      `insert into member_sessions (id, member_id, token_hash, browser, system, expires_at)
       values (?, ?, ?, ?, ?, ?) returning id`,
      [randomUUID(), memberId, tokenHash(token), browser, system, expiresAt],
      'all',
      em.getTransactionContext(),
    );
    await em
      .getConnection()
      .execute(`update members set last_seen_at = now() where id = ?`, [memberId], 'run', em.getTransactionContext());
    return { token, sessionId: row.id, expiresAt };
  }

  /** Ends the session a cookie names (sign out on this device). */
  async end(cookieValue: unknown): Promise<void> {
    const token = tokenOf(cookieValue);
    if (!token) return;
    await this.endWhere('token_hash = ?', [tokenHash(token)]);
  }

  /** Ends one of a member's sessions; false when the member has no such session. */
  async endOne(memberId: string, sessionId: string): Promise<boolean> {
    return (await this.endWhere('member_id = ? and id = ?', [memberId, sessionId])).length > 0;
  }

  /** Ends every session of the member but the one kept (sign out everywhere else). */
  async endOthers(memberId: string, keptSessionId: string): Promise<void> {
    await this.endWhere('member_id = ? and id <> ?', [memberId, keptSessionId]);
  }

  /**
   * Ends every session of a member (a suspension). Inside a transaction the rows go with it, and
   * the announcement waits for `announce` after the commit.
   */
  async endAll(memberId: string, em?: EntityManager): Promise<string[]> {
    return this.endWhere('member_id = ?', [memberId], em);
  }

  /** Tells every api process that these sessions ended. */
  async announce(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    await this.live.publish(ENDED_CHANNEL, 'ended', { sessionIds }).catch((error: Error) => {
      // The sessions are gone from the database: every request is refused already; only open
      // streams wait for their next check.
      this.logger.warn(`Could not announce ended member sessions: ${error.message}`);
    });
  }

  private async endWhere(where: string, params: unknown[], em?: EntityManager): Promise<string[]> {
    const rows = await (em ?? this.em)
      .getConnection()
      .execute<Array<{ id: string }>>(
        `delete from member_sessions where ${where} returning id`,
        params,
        'all',
        em?.getTransactionContext(),
      );
    const ids = rows.map((row) => row.id);
    if (!em) await this.announce(ids);
    return ids;
  }

  /** A member's live sessions (signed-in devices), the most recently used first. */
  async list(memberId: string, currentSessionId: string): Promise<MemberDevice[]> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ id: string; browser: string; system: string; created_at: Date; last_seen_at: Date }>>(
        `select id, browser, system, created_at, last_seen_at from member_sessions
        where member_id = ? and expires_at > now() order by last_seen_at desc, id`,
        [memberId],
      );
    return rows.map((row) => ({
      id: row.id,
      browser: row.browser,
      system: row.system,
      createdAt: new Date(row.created_at).toISOString(),
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
      current: row.id === currentSessionId,
    }));
  }

  /** Called on every api process when sessions end. Returns an unsubscribe. */
  onEnded(listener: EndedListener): () => void {
    this.listeners.add(listener);
    this.subscription ??= this.listen();
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** One subscription per process, for every listener; tried again a second later if Redis refused it. */
  private listen(): Promise<() => void> {
    return this.live
      .subscribe(ENDED_CHANNEL, (event) => {
        const sessionIds = (event.data as { sessionIds?: unknown })?.sessionIds;
        if (!Array.isArray(sessionIds)) return;
        const ended = { sessionIds: sessionIds.filter((id): id is string => typeof id === 'string') };
        for (const each of [...this.listeners]) {
          try {
            each(ended);
          } catch (error) {
            this.logger.warn(`A listener of ended member sessions failed: ${(error as Error).message}`);
          }
        }
      })
      .catch((error: Error) => {
        this.logger.warn(`Could not listen for ended member sessions (${error.message}); trying again`);
        this.subscription = null;
        setTimeout(() => {
          if (this.listeners.size > 0) this.subscription ??= this.listen();
        }, 1000).unref();
        return () => undefined;
      });
  }

  /**
   * Sets the member cookie again for the session's whole length: the session slides in the database
   * as it is used, and the cookie follows it (the pages a member opens on arrival call this).
   */
  renewCookie(response: Response, cookieValue: unknown): void {
    const token = tokenOf(cookieValue);
    if (token) response.cookie(MEMBER_COOKIE, token, this.cookieOptions(new Date(Date.now() + SESSION_MS)));
  }

  /** The cookie's options: httpOnly, same-site lax, secure when the site is served over https. */
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
