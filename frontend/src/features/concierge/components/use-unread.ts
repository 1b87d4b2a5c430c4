import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { listUnreadThreads, markRead, sayInView } from '../api/unread';
import type { ChatThread } from './thread-store';

interface UnreadOptions {
  /** A signed-in member (a house-password session has no marks). */
  enabled: boolean;
  /** The conversation on screen: its news is read while the page is in view. */
  activeThreadId: string | null;
  threads: ChatThread[];
  /**
   * The requests' marks changed: news came (a staff message does not change the request itself), or
   * a conversation was read, and its requests with it. 'My requests' is asked again.
   */
  onRequestMarks: () => void;
}

/** How often a page in view says so (the server forgets it after 90 seconds). */
const IN_VIEW_EVERY_MS = 60_000;

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * The member's unread marks on conversations: asked again whenever a conversation changes (a staff
 * message arrives live), and the one on screen is read at once, while the page is in view (which
 * the page tells the server, so that the member is not emailed while reading).
 */
export function useUnread({ enabled, activeThreadId, threads, onRequestMarks }: UnreadOptions) {
  const [unread, setUnread] = useState<ReadonlySet<string>>(new Set());
  /** The marks last heard from the server: a new one means news. */
  const known = useRef<ReadonlySet<string>>(new Set());
  const [inView, setInView] = useState(visible);
  // Changes when a conversation gains a message (a live update reloads it).
  const signature = threads.map((thread) => `${thread.id}:${thread.messages.length}`).join(',');

  useEffect(() => {
    const seen = () => setInView(visible());
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, []);

  // While the page is in view the member is reading: news is marked here, not emailed.
  useEffect(() => {
    if (!enabled || !inView) return;
    const say = () => void sayInView().catch(() => undefined);
    say();
    const timer = window.setInterval(say, IN_VIEW_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [enabled, inView]);

  const requestMarks = useEffectEvent(() => onRequestMarks());

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    listUnreadThreads()
      .then((ids) => {
        if (cancelled) return;
        if ([...ids].some((id) => !known.current.has(id))) requestMarks();
        known.current = ids;
        setUnread(ids);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [enabled, signature]);

  useEffect(() => {
    if (!enabled || !inView || !activeThreadId || !unread.has(activeThreadId)) return;
    markRead({ threadId: activeThreadId })
      .then(() => {
        setUnread((current) => new Set([...current].filter((id) => id !== activeThreadId)));
        requestMarks();
      })
      .catch(() => undefined);
  }, [enabled, inView, activeThreadId, unread]);

  /** The member opened 'My requests': what it shows as new is read (its marks stay until it closes). */
  const readRequests = useCallback(
    (requestIds: string[]) => {
      if (!enabled) return;
      for (const requestId of requestIds) markRead({ requestId }).catch(() => undefined);
    },
    [enabled],
  );

  return { threads: unread, readRequests };
}
