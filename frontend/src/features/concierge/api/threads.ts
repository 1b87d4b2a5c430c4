import { apiGet, apiRequest } from '../../../api/client';
import type { ApiSchema } from '../../../api/types';

/** A thread's message as the server holds it ('concierge': a named human concierge, not the AI). */
export type ServerMessage = ApiSchema<'ThreadMessage'>;

export interface ServerThreadSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

export interface ServerThread extends ServerThreadSummary {
  messages: ServerMessage[];
}

export async function listServerThreads(): Promise<ServerThreadSummary[]> {
  return (await apiGet<{ data: ServerThreadSummary[] }>('/api/concierge/threads')).data;
}

export async function readServerThread(id: string): Promise<ServerThread> {
  return (await apiGet<{ data: ServerThread }>(`/api/concierge/threads/${encodeURIComponent(id)}`)).data;
}

export async function createServerThread(id: string, title: string): Promise<void> {
  await apiRequest('POST', '/api/concierge/threads', { id, title });
}

export async function renameServerThread(id: string, title: string): Promise<void> {
  await apiRequest('PATCH', `/api/concierge/threads/${encodeURIComponent(id)}`, { title });
}

export async function deleteServerThread(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/concierge/threads/${encodeURIComponent(id)}`);
}

export async function rateReply(
  threadId: string,
  messageId: string,
  helpful: boolean,
  comment?: string,
): Promise<void> {
  await apiRequest(
    'PUT',
    `/api/concierge/threads/${encodeURIComponent(threadId)}/messages/${encodeURIComponent(messageId)}/rating`,
    { helpful, ...(comment ? { comment } : {}) },
  );
}

export async function stopReply(messageId: string): Promise<void> {
  await apiRequest('POST', `/api/chat/stream/${encodeURIComponent(messageId)}/stop`);
}

export type LiveUpdate =
  | { event: 'thread.changed'; data: { threadId: string; title?: string; streaming?: string; concierge?: string } }
  | { event: 'thread.deleted'; data: { threadId: string } }
  | { event: 'request.changed'; data: { requestId: string; threadId: string | null; status: string } };

/**
 * The session's live updates (Server-Sent Events); EventSource reconnects by itself. The answer
 * closes it. When a member's session ends (signed out here or elsewhere, or suspended) the server
 * says so once (`session.ended`): the stream is closed for good and `onEnded` is called.
 */
export function followSession(onUpdate: (update: LiveUpdate) => void, onEnded?: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource('/api/concierge/events', { withCredentials: true });
  source.addEventListener('session.ended', () => {
    source.close();
    onEnded?.();
  });
  for (const event of ['thread.changed', 'thread.deleted', 'request.changed'] as const) {
    source.addEventListener(event, (e) => {
      try {
        onUpdate({ event, data: JSON.parse((e as MessageEvent<string>).data) } as LiveUpdate);
      } catch {
        // A frame we cannot read is skipped.
      }
    });
  }
  return () => source.close();
}

/** A request of the session, with every change of its status (who, when, note). */
export type MemberRequest = ApiSchema<'UserRequestWithHistory'>;

export async function listMyRequests(): Promise<MemberRequest[]> {
  return (await apiGet<{ data: MemberRequest[] }>('/api/concierge/requests')).data;
}

export async function cancelMyRequest(id: string): Promise<MemberRequest> {
  return (await apiRequest<{ data: MemberRequest }>('POST', `/api/concierge/requests/${encodeURIComponent(id)}/cancel`))
    .data;
}

export async function acceptOption(requestId: string, optionId: string): Promise<MemberRequest> {
  const path = `/api/concierge/requests/${encodeURIComponent(requestId)}/options/${encodeURIComponent(optionId)}/accept`;
  return (await apiRequest<{ data: MemberRequest }>('POST', path)).data;
}
