import { apiGet, apiRequest } from '../../../api/client';
import type { ApiAnswer } from '../../../api/types';

/** The member's threads with news they have not opened (a house-password session's list carries no marks). */
export async function listUnreadThreads(): Promise<Set<string>> {
  const { data } = await apiGet<ApiAnswer<'/api/concierge/threads', 'get'>>('/api/concierge/threads');
  return new Set(data.filter((thread) => thread.unread === true).map((thread) => thread.id));
}

/** The member opened a conversation (its requests are read with it) or a request. */
export async function markRead(subject: { threadId: string } | { requestId: string }): Promise<void> {
  await apiRequest('POST', '/api/members/me/read', subject);
}

/** The concierge page is in view: while it says so (every minute), the member is not emailed of news. */
export async function sayInView(): Promise<void> {
  await apiRequest('POST', '/api/members/me/presence');
}
