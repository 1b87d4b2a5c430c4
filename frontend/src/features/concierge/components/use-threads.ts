import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import {
  createServerThread,
  deleteServerThread,
  followSession,
  listServerThreads,
  readServerThread,
  renameServerThread,
  type ServerThread,
} from '../api/threads';
import {
  appendMessage,
  createThread,
  deleteThread,
  dropDeletedElsewhere,
  dropLastReply,
  loadThreads,
  markSynced,
  mergeServerThread,
  messageIds,
  putReply,
  rateMessage,
  renameThread,
  replaceFrom,
  saveThreads,
  type ChatMessage,
  type ChatThread,
} from './thread-store';

interface ThreadsOptions {
  brand: string;
  /** Reconcile with the server and follow its live updates (once the session is known). */
  enabled: boolean;
  /** The session's live updates tell of requests too. */
  onRequestChanged: () => void;
  /** The member's session ended (signed out here or elsewhere, or suspended). */
  onSessionEnded?: () => void;
}

/**
 * The member's threads. The browser's cache is on screen at once; the server's threads then
 * reconcile it, and its live updates (other tabs of this session) keep it current. Every change
 * is stored, and the list is read back from storage (newest first), so another tab's writes count.
 */
export function useThreads({ brand, enabled, onRequestChanged, onSessionEnded }: ThreadsOptions) {
  const [threads, setThreads] = useState<ChatThread[]>(() => loadThreads());
  /** Titles given here that the server has not confirmed yet: its older copy must not undo them. */
  const pendingTitles = useRef(new Map<string, string>());

  const update = useCallback((change: (stored: ChatThread[]) => ChatThread[]) => {
    saveThreads(change(loadThreads()));
    setThreads(loadThreads());
  }, []);

  const withPendingTitle = useCallback((copy: ServerThread): ServerThread => {
    const title = pendingTitles.current.get(copy.id);
    return title ? { ...copy, title } : copy;
  }, []);

  /** The server's copy of a thread replaces the cache's; one the server no longer has is removed. */
  const reload = useCallback(
    async (threadId: string) => {
      const knownWhenAsked = messageIds(loadThreads()).get(threadId);
      try {
        const copy = await readServerThread(threadId);
        update((stored) => mergeServerThread(stored, withPendingTitle(copy), brand, knownWhenAsked));
      } catch (failure) {
        const gone = failure instanceof ApiError && failure.status === 404;
        if (gone && loadThreads().find((t) => t.id === threadId)?.synced) {
          update((stored) => deleteThread(stored, threadId));
        }
      }
    },
    [brand, update, withPendingTitle],
  );

  const requestChanged = useEffectEvent(() => onRequestChanged());
  const sessionEnded = useEffectEvent(() => onSessionEnded?.());

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    void (async () => {
      try {
        const listed = await listServerThreads();
        if (cancelled) return;
        const ids = new Set(listed.map((t) => t.id));
        update((stored) => dropDeletedElsewhere(stored, ids));
        // Threads this browser made while the server was out of reach are given to it.
        for (const local of loadThreads().filter((t) => !ids.has(t.id))) {
          await createServerThread(local.id, local.title)
            .then(() => update((stored) => markSynced(stored, local.id)))
            .catch(() => undefined);
        }
        const knownWhenAsked = messageIds(loadThreads());
        const copies = await Promise.all(listed.slice(0, 50).map((t) => readServerThread(t.id).catch(() => null)));
        if (cancelled) return;
        update((stored) =>
          copies.reduce(
            (merged, copy) =>
              copy ? mergeServerThread(merged, withPendingTitle(copy), brand, knownWhenAsked.get(copy.id)) : merged,
            stored,
          ),
        );
      } catch {
        // Out of reach: the cache stays, and is reconciled on the next visit.
      }
    })();
    const stop = followSession(
      (change) => {
        if (change.event === 'thread.deleted') update((stored) => deleteThread(stored, change.data.threadId));
        else if (change.event === 'request.changed') requestChanged();
        else void reload(change.data.threadId);
      },
      () => sessionEnded(),
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [enabled, brand, update, reload, withPendingTitle]);

  /** A new thread; `onServer` creates it there at once, else the server makes it with its first reply. */
  const create = ({ onServer }: { onServer: boolean }): ChatThread => {
    const { thread } = createThread([], brand);
    update((stored) => [thread, ...stored]);
    if (onServer) {
      createServerThread(thread.id, thread.title)
        .then(() => update((stored) => markSynced(stored, thread.id)))
        .catch(() => undefined);
    }
    return thread;
  };

  /** A new title, here at once and on the server; the server's older copies keep it until it confirms. */
  const retitle = (threadId: string, title: string) => {
    pendingTitles.current.set(threadId, title);
    update((stored) => renameThread(stored, threadId, title));
    // The server may not hold the thread yet (its first reply is still starting): it is created
    // first (a thread it holds already is answered unchanged), then renamed.
    createServerThread(threadId, title)
      .then(() => renameServerThread(threadId, title))
      .catch(() => undefined)
      .finally(() => {
        if (pendingTitles.current.get(threadId) === title) pendingTitles.current.delete(threadId);
      });
  };

  const remove = (threadId: string) => {
    update((stored) => deleteThread(stored, threadId));
    deleteServerThread(threadId).catch(() => undefined);
  };

  return {
    list: threads,
    create,
    retitle,
    remove,
    reload,
    addMessage: (threadId: string, added: ChatMessage) => update((stored) => appendMessage(stored, threadId, added)),
    putReply: (threadId: string, reply: ChatMessage) => update((stored) => putReply(stored, threadId, reply)),
    dropLastReply: (threadId: string) => update((stored) => dropLastReply(stored, threadId)),
    /** Edit and resend: the message and every later one give way to `added`. */
    replaceFrom: (threadId: string, messageId: string, added: ChatMessage) =>
      update((stored) => replaceFrom(stored, threadId, messageId, added)),
    rate: (threadId: string, messageId: string, rating: NonNullable<ChatMessage['rating']>) =>
      update((stored) => rateMessage(stored, threadId, messageId, rating)),
  };
}
