import type { Request } from 'express';

/**
 * Which members' concierge session a browser holds, as the requests module needs to know it: a
 * request made in a members' thread is shown only to that thread's session. The concierge module
 * owns the sessions (and depends on this module), so the answer is provided from above both
 * (modules/thread-sessions.module.ts).
 */
export interface ThreadSessions {
  /** The id of the live concierge session the request's cookie carries, or null. */
  sessionOf(request: Request): Promise<string | null>;
}

export const THREAD_SESSIONS = Symbol('THREAD_SESSIONS');
