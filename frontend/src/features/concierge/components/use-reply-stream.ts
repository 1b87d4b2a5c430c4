import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { track } from '../../../lib/analytics';
import type { ReplyStep } from '../api/steps';
import { resumeChat, streamChat, type StreamProgress, type StreamRequest } from '../api/stream-chat';
import { stopReply } from '../api/threads';
import { message, type ChatMessage, type ChatThread } from './thread-store';

/** The reply this tab is reading, kept per tab so that a reload resumes after the last frame it saw. */
const PROGRESS_KEY = 'mf.concierge.streaming';
interface Progress {
  messageId: string;
  frameId: number;
  content: string;
  steps?: ReplyStep[];
}

function saveProgress(progress: Progress | null): void {
  try {
    if (progress) sessionStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
    else sessionStorage.removeItem(PROGRESS_KEY);
  } catch {
    // Storage may be full or disabled: a resume then starts from the reply's first frame.
  }
}

function loadProgress(messageId: string): Progress | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PROGRESS_KEY) ?? 'null') as Progress | null;
    return saved?.messageId === messageId ? saved : null;
  } catch {
    return null;
  }
}

interface ReplyStreamOptions {
  /** The thread on screen: a reply it holds as still being written is followed here. */
  thread: ChatThread | null;
  /** Follow such replies (once the session is known). */
  enabled: boolean;
  /** A reply starts being read. */
  onStart: () => void;
  /** A reply has ended (finished, stopped, or left with what was written): its thread keeps it. */
  onEnd: (threadId: string, reply: ChatMessage) => void;
  /** The reply to resume ended long ago: the server's copy of its thread holds it. */
  onEndedUnseen: (threadId: string) => Promise<void>;
  onFailure: (failure: unknown) => void;
}

/**
 * The concierge's replies as they are written: one at a time, shown as they arrive, stopped on
 * request (even before the server has named the reply), and resumed after a reload from the last
 * frame this tab saw.
 */
export function useReplyStream({ thread, enabled, onStart, onEnd, onEndedUnseen, onFailure }: ReplyStreamOptions) {
  /** The reply written so far ('' until its first words), null when none is being read. */
  const [text, setText] = useState<string | null>(null);
  /** The steps of the reply being read, in order. */
  const [steps, setSteps] = useState<ReplyStep[]>([]);
  const [busy, setBusy] = useState(false);
  const [lastReply, setLastReply] = useState<ChatMessage | null>(null);
  const abort = useRef<AbortController | null>(null);
  /** The id of the reply being read (for Stop), once the server has named it. */
  const replyId = useRef<string | null>(null);
  /** Stop pressed before the server named the reply: it is stopped as soon as it is named. */
  const stopWanted = useRef(false);
  /** The reply last followed, so a reply is never followed twice by this tab. */
  const followed = useRef<string | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  /** Reads a reply to its end (a new one, or one resumed), showing it as it is written. */
  const read = async (
    threadId: string,
    open: (progress: StreamProgress, signal: AbortSignal) => Promise<ChatMessage>,
    from: Progress | null,
  ) => {
    onStart();
    setBusy(true);
    stopWanted.current = false;
    let partial = from?.content ?? '';
    let taken = from?.steps ?? [];
    setText(partial);
    setSteps(taken);
    const controller = new AbortController();
    abort.current = controller;
    let id = from?.messageId ?? null;
    replyId.current = id;
    /** What this tab has read of the reply, for a resume after a reload. */
    const keep = (frameId: number) => {
      if (id) saveProgress({ messageId: id, frameId, content: partial, ...(taken.length ? { steps: taken } : {}) });
    };
    try {
      const done = await open(
        {
          onStart: (messageId) => {
            id = messageId;
            replyId.current = messageId;
            if (stopWanted.current) stopReply(messageId).catch(() => controller.abort());
            followed.current = messageId;
          },
          onDelta: (piece, frameId) => {
            partial += piece;
            setText(partial);
            keep(frameId);
          },
          onStep: (step, frameId) => {
            taken = [...taken, step];
            setSteps(taken);
            keep(frameId);
          },
        },
        controller.signal,
      );
      onEnd(threadId, done);
      setLastReply(done);
      track('concierge_interaction', { page: 'concierge' });
    } catch (failure) {
      if (controller.signal.aborted && partial) {
        const left = { ...message('assistant', partial), ...(id ? { id } : {}) };
        onEnd(threadId, taken.length > 0 ? { ...left, steps: taken } : left);
      } else if (failure instanceof ApiError && failure.status === 404 && from) {
        await onEndedUnseen(threadId);
      } else {
        onFailure(failure);
      }
    } finally {
      saveProgress(null);
      setText(null);
      setSteps([]);
      setBusy(false);
      abort.current = null;
      replyId.current = null;
    }
  };

  /** A new reply to the thread, to the member's message of `request`. */
  const start = (threadId: string, request: Omit<StreamRequest, 'threadId'>) =>
    read(threadId, (progress, signal) => streamChat({ threadId, ...request }, progress, signal), null);

  const stop = () => {
    // The server stops writing (upstream included) and the partial reply arrives as 'stopped'.
    if (replyId.current) stopReply(replyId.current).catch(() => abort.current?.abort());
    else stopWanted.current = true;
  };

  const resume = useEffectEvent((threadId: string, messageId: string) => {
    followed.current = messageId;
    const from = loadProgress(messageId) ?? { messageId, frameId: 0, content: '' };
    void read(threadId, (progress, signal) => resumeChat(messageId, from.frameId, progress, signal), from);
  });

  // A reply the server is still writing (this page was reloaded, or another tab asked) is
  // followed from the last frame this tab saw.
  const threadId = thread?.id ?? null;
  const writingId = thread?.messages.find((m) => m.role === 'assistant' && m.status === 'streaming')?.id ?? null;
  useEffect(() => {
    if (!enabled || busy || !threadId || !writingId || followed.current === writingId) return;
    resume(threadId, writingId);
  }, [enabled, busy, threadId, writingId]);

  return { text, steps, busy, lastReply, start, stop };
}
