import { apiGet, apiRequest, ApiError } from '../../../api/client';

/** Browser storage keys of the concierge (spec, section 9). */
export const STORAGE_KEYS = {
  threads: 'mf.concierge.threads',
  sessionId: 'mf.concierge.sessionId',
  /** A routing hint only: the server's cookie is what grants access. */
  authenticated: 'mf.concierge.authenticated',
} as const;

export function setAuthenticatedHint(on: boolean): void {
  try {
    if (on) localStorage.setItem(STORAGE_KEYS.authenticated, 'true');
    else localStorage.removeItem(STORAGE_KEYS.authenticated);
  } catch {
    // Storage may be disabled; the server session still decides.
  }
}

export function hasAuthenticatedHint(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.authenticated) === 'true';
  } catch {
    return false;
  }
}

export async function authenticate(password: string): Promise<void> {
  await apiRequest('POST', '/api/concierge/auth', { password });
}

export async function hasSession(): Promise<boolean> {
  const answer = await apiGet<{ data: { authenticated: boolean } }>('/api/concierge/session');
  return answer.data.authenticated;
}

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/concierge/logout');
}

/** A 4-5 word title from the server; 'New conversation' when it cannot make one. */
export async function requestTitle(message: string): Promise<string> {
  try {
    const answer = await apiRequest<{ data: { title: string } }>('POST', '/api/chat/title', { message });
    return answer.data.title || 'New conversation';
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    console.error('Title generation failed', error);
    return 'New conversation';
  }
}

export interface ChatAnswer {
  response: string;
  timestamp: string;
  requestId?: string;
}

export async function sendChat(body: {
  message: string;
  conversationHistory: Array<{ role: 'user' | 'assistant'; content: string }>;
  sessionId: string;
}): Promise<ChatAnswer> {
  const answer = await apiRequest<{ data: ChatAnswer }>('POST', '/api/chat', body);
  return answer.data;
}

/** The concierge session id: a UUID made once and kept in browser storage. */
export function conciergeSessionId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.sessionId);
    if (stored) return stored;
    const id = crypto.randomUUID();
    localStorage.setItem(STORAGE_KEYS.sessionId, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}
