import { apiGet, apiRequest } from '../../../api/client';

/** A thread as the server holds it for the concierge session. */
export interface ServerMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  status: 'complete' | 'streaming' | 'stopped' | 'error';
  createdAt: string;
  rating: { helpful: boolean; comment: string | null } | null;
}

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

export async function rateReply(threadId: string, messageId: string, helpful: boolean, comment?: string): Promise<void> {
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
  | { event: 'thread.changed'; data: { threadId: string; title?: string; streaming?: string } }
  | { event: 'thread.deleted'; data: { threadId: string } };

/** The session's live updates (Server-Sent Events); EventSource reconnects by itself. The answer closes it. */
export function followSession(onUpdate: (update: LiveUpdate) => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource('/api/concierge/events', { withCredentials: true });
  for (const event of ['thread.changed', 'thread.deleted'] as const) {
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
