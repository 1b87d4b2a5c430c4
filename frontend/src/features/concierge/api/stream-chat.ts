import { ApiError } from '../../../api/client';
import type { ChatMessage } from '../components/thread-store';

export interface StreamRequest {
  threadId: string;
  messages: Array<Pick<ChatMessage, 'role' | 'content'>>;
}

/**
 * POST /api/chat/stream, read as Server-Sent Events: calls onDelta for each piece and answers the
 * finished message. An `error` frame or a non-OK answer throws; aborting the signal stops the
 * request (the server then stops the upstream model too).
 */
export async function streamChat(
  body: StreamRequest,
  onDelta: (piece: string) => void,
  signal: AbortSignal,
): Promise<ChatMessage> {
  let response: Response;
  try {
    response = await fetch('/api/chat/stream', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new ApiError(0, 'Could not reach the server. Please check your connection.');
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let message = `Server responded with status: ${response.status}`;
    try {
      const parsed = JSON.parse(text) as { error?: string };
      if (parsed.error) message = parsed.error;
    } catch {
      // Not JSON: keep the status text.
    }
    throw new ApiError(response.status, message);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let split: number;
    while ((split = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (!data) continue;
      const payload = JSON.parse(data) as { content?: string; message?: ChatMessage; error?: string };
      if (event === 'delta' && payload.content) onDelta(payload.content);
      if (event === 'done' && payload.message) return payload.message;
      if (event === 'error') throw new ApiError(502, payload.error ?? 'An error occurred. Please try again.');
    }
  }
  throw new ApiError(0, 'The reply was interrupted. Please try again.');
}
