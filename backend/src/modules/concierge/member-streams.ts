import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sseFrame } from '../../platform/live/sse';
import { MemberSessionsService } from '../members';
import type { SessionRequest } from './concierge-session.guard';

/** How long a session heard ending is remembered, for streams that open just after. */
const RECENT_MS = 5 * 60_000;

/** What a member's open stream reads last when the member's session on that device ends. */
const SIGNED_OUT = 'You have been signed out. Please sign in again.';

/** The last frame of a stream whose member session ended: the browser sends the member to sign in. */
export function sessionEndedFrame(event: 'error' | 'session.ended'): string {
  return sseFrame(event, { error: SIGNED_OUT, code: 'SESSION_ENDED' });
}

/**
 * The event streams open on this process for member sessions (a reply being written, a resumed
 * reply, the live updates). When a member session ends (sign-out, 'Sign Out Everywhere Else',
 * suspension), the members module tells every api process; each closes the streams of that
 * session at once, after a last frame that says why. A house-password stream is not held here.
 */
@Injectable()
export class MemberStreams implements OnModuleInit, OnModuleDestroy {
  private readonly open = new Map<string, Set<() => void>>();
  /**
   * Sessions heard ending lately, and when: a stream let through just before its session ended
   * (the guard's check, then a reply being started) is closed as it opens, not left open.
   */
  private readonly ended = new Map<string, number>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly members: MemberSessionsService) {}

  onModuleInit(): void {
    this.unsubscribe = this.members.onEnded(({ sessionIds }) => {
      const now = Date.now();
      for (const [id, at] of this.ended) if (now - at > RECENT_MS) this.ended.delete(id);
      for (const id of sessionIds) {
        this.ended.set(id, now);
        for (const close of [...(this.open.get(id) ?? [])]) close();
      }
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /**
   * Ends `response` (an open event stream) with `lastFrame` when the member session the guard let
   * `request` through with ends. Nothing for a house-password session.
   */
  hold(request: Request, response: Response, lastFrame: string): void {
    const id = (request as SessionRequest).memberSessionId;
    if (!id || response.writableEnded) return;
    const close = () => {
      if (response.writableEnded) return;
      response.write(lastFrame);
      response.end();
    };
    const ended = this.ended.get(id);
    if (ended !== undefined && Date.now() - ended <= RECENT_MS) return close();
    const set = this.open.get(id) ?? new Set();
    set.add(close);
    this.open.set(id, set);
    response.once('close', () => {
      set.delete(close);
      if (set.size === 0 && this.open.get(id) === set) this.open.delete(id);
    });
  }
}
