import { ApiError } from '../../../api/client';
import { readEventStream } from '../../../api/event-stream';
import type { ChatMessage } from '../components/thread-store';
import type { ReplyStep } from './steps';

export interface StreamRequest {
  threadId: string;
  /** The member's message; the server answers the thread as it holds it. */
  message: string;
  /** The id of the member's message, so the server's copy of the thread keeps it. */
  userMessageId?: string;
  /** Edit and resend, or Regenerate: this message and every later one are replaced. */
  replaceFrom?: string;
}

export interface StreamProgress {
  /** The reply's id, as soon as the server has started it (for Stop and resuming). */
  onStart?: (messageId: string) => void;
  /** Each piece, with the id of its frame. */
  onDelta: (piece: string, frameId: number) => void;
  /** Each step (something the concierge looked up or did), with the id of its frame. */
  onStep?: (step: ReplyStep, frameId: number) => void;
}

async function failure(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let message = `Server responded with status: ${response.status}`;
  try {
    const parsed = JSON.parse(text) as { error?: string };
    if (parsed.error) message = parsed.error;
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(response.status, message);
}

/** How many times one reply is taken up again after its api process said it was stopping. */
const RECONNECTS = 3;

async function read(
  response: Response,
  progress: StreamProgress,
  signal: AbortSignal,
  resumed: { messageId: string; after: number; reconnects: number } | null = null,
): Promise<ChatMessage> {
  if (!response.ok || !response.body) throw await failure(response);
  const named = response.headers.get('X-Message-Id');
  const id = named ?? resumed?.messageId ?? null;
  // A reader taken up again after a reconnect has been told the reply's id already.
  if (named && !resumed?.reconnects) progress.onStart?.(named);
  let last = 0;
  for await (const frame of readEventStream(response.body)) {
    if (frame.id) last = Number(frame.id);
    // The api process writing to us is stopping (a deploy): the reply goes on, and is read from
    // another process after the last frame this reader has.
    if (frame.event === 'reconnect' && id && (resumed?.reconnects ?? 0) < RECONNECTS) {
      const after = resumed ? Math.max(last, resumed.after) : last;
      return follow(id, after, progress, signal, (resumed?.reconnects ?? 0) + 1);
    }
    const payload = JSON.parse(frame.data) as {
      content?: string;
      message?: ChatMessage;
      step?: ReplyStep;
      error?: string;
      code?: string;
    };
    if (frame.event === 'delta' && payload.content) progress.onDelta(payload.content, Number(frame.id ?? 0));
    if (frame.event === 'step' && payload.step) progress.onStep?.(payload.step, Number(frame.id ?? 0));
    if (frame.event === 'done' && payload.message) return payload.message;
    // The member's session ended while reading (signed out, or elsewhere): to sign in, never to a retry.
    if (frame.event === 'error' && payload.code === 'SESSION_ENDED') {
      const text = payload.error ?? 'You have been signed out. Please sign in again.';
      throw new ApiError(401, text, {}, undefined, 'SESSION_ENDED');
    }
    if (frame.event === 'error') throw new ApiError(502, payload.error ?? 'An error occurred. Please try again.');
  }
  if (signal.aborted) throw new DOMException('The reply was left', 'AbortError');
  throw new ApiError(0, 'The reply was interrupted. Please try again.');
}

async function call(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: 'include', signal });
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new ApiError(0, 'Could not reach the server. Please check your connection.');
  }
}

/**
 * POST /api/chat/stream, read as Server-Sent Events: reports the reply's id and each piece, and
 * answers the finished message (its status is 'stopped' after Stop). An `error` frame or a
 * non-OK answer throws. Aborting the signal only stops reading: the server finishes the reply.
 */
export async function streamChat(
  body: StreamRequest,
  progress: StreamProgress,
  signal: AbortSignal,
): Promise<ChatMessage> {
  const response = await call(
    '/api/chat/stream',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
    },
    signal,
  );
  return read(response, progress, signal);
}

/** GET /api/chat/stream/{id}?after=: the rest of a reply after the last frame seen (0: all of it). */
export function resumeChat(
  messageId: string,
  after: number,
  progress: StreamProgress,
  signal: AbortSignal,
): Promise<ChatMessage> {
  return follow(messageId, after, progress, signal, 0);
}

async function follow(
  messageId: string,
  after: number,
  progress: StreamProgress,
  signal: AbortSignal,
  reconnects: number,
): Promise<ChatMessage> {
  const response = await call(
    `/api/chat/stream/${encodeURIComponent(messageId)}?after=${after}`,
    { headers: { Accept: 'text/event-stream' } },
    signal,
  );
  return read(response, progress, signal, { messageId, after, reconnects });
}
