import { formatDate } from '@maison/shared';
import { STORAGE_KEYS } from '../api/concierge';
import type { ReplyStep } from '../api/steps';

export interface ChatMessage {
  id: string;
  /** 'concierge': a named human concierge of the staff wrote it (see author), not the AI. */
  role: 'user' | 'assistant' | 'system' | 'concierge';
  content: string;
  createdAt: string;
  /** An assistant reply's state on the server: 'streaming' while written, 'stopped' after Stop. */
  status?: 'complete' | 'streaming' | 'stopped' | 'error';
  rating?: { helpful: boolean; comment: string | null } | null;
  author?: string | null;
  /** Options staff proposed for a request, which the member can accept here. */
  attachment?: {
    type: 'options';
    requestId: string;
    options: Array<{ id: string; title: string; price: number; currency: string }>;
  } | null;
  /** What the concierge looked up or did while writing an assistant reply (a member's reply only). */
  steps?: ReplyStep[];
}

export interface ChatThread {
  id: string;
  title: string;
  messages: ChatMessage[];
  createdAt: string;
  updatedAt: string;
  /** The server holds this thread (so a thread missing there was deleted elsewhere). */
  synced?: boolean;
}

export const NEW_THREAD_TITLE = 'New Conversation';

/** The persona system message every new thread starts with (spec, section 7). */
export function personaMessage(brand: string): string {
  return `You are the ${brand} Concierge, a luxury concierge for members: travel, dining, property and events. Be professional and courteous, and sign your responses "${brand} Concierge".`;
}

function newId(): string {
  return crypto.randomUUID();
}

export function message(role: ChatMessage['role'], content: string): ChatMessage {
  return { id: newId(), role, content, createdAt: new Date().toISOString() };
}

/** Threads kept in localStorage; a load failure is logged and reads as an empty list. */
export function loadThreads(storage: Storage = localStorage): ChatThread[] {
  try {
    const raw = storage.getItem(STORAGE_KEYS.threads);
    if (!raw) return [];
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return [];
    return (parsed as ChatThread[])
      .filter((t) => t && typeof t.id === 'string' && Array.isArray(t.messages))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  } catch (error) {
    console.error('Could not load conversations', error);
    return [];
  }
}

export function saveThreads(threads: ChatThread[], storage: Storage = localStorage): void {
  try {
    storage.setItem(STORAGE_KEYS.threads, JSON.stringify(threads));
  } catch (error) {
    console.error('Could not save conversations', error);
  }
}

export function createThread(threads: ChatThread[], brand: string): { threads: ChatThread[]; thread: ChatThread } {
  const now = new Date().toISOString();
  const thread: ChatThread = {
    id: newId(),
    title: NEW_THREAD_TITLE,
    messages: [message('system', personaMessage(brand))],
    createdAt: now,
    updatedAt: now,
  };
  return { threads: [thread, ...threads], thread };
}

function find(threads: ChatThread[], id: string): ChatThread {
  const thread = threads.find((t) => t.id === id);
  if (!thread) throw new Error(`Thread with ID ${id} not found`);
  return thread;
}

export function appendMessage(threads: ChatThread[], id: string, added: ChatMessage): ChatThread[] {
  const thread = find(threads, id);
  const updated = { ...thread, messages: [...thread.messages, added], updatedAt: new Date().toISOString() };
  return [updated, ...threads.filter((t) => t.id !== id)];
}

/** Drops the last assistant reply (for Regenerate). */
export function dropLastReply(threads: ChatThread[], id: string): ChatThread[] {
  const thread = find(threads, id);
  const last = thread.messages[thread.messages.length - 1];
  if (last?.role !== 'assistant') return threads;
  return threads.map((t) => (t.id === id ? { ...t, messages: t.messages.slice(0, -1) } : t));
}

/** A reply that has ended in place of the thread's copy of it (or after it, when the copy is not there). */
export function putReply(threads: ChatThread[], id: string, reply: ChatMessage): ChatThread[] {
  const thread = threads.find((t) => t.id === id);
  if (!thread) return threads;
  if (!thread.messages.some((m) => m.id === reply.id)) return appendMessage(threads, id, reply);
  return threads.map((t) =>
    t.id === id ? { ...t, messages: t.messages.map((m) => (m.id === reply.id ? reply : m)) } : t,
  );
}

export function rateMessage(
  threads: ChatThread[],
  id: string,
  messageId: string,
  rating: NonNullable<ChatMessage['rating']>,
): ChatThread[] {
  return threads.map((t) =>
    t.id === id ? { ...t, messages: t.messages.map((m) => (m.id === messageId ? { ...m, rating } : m)) } : t,
  );
}

/** The server holds the thread now. */
export function markSynced(threads: ChatThread[], id: string): ChatThread[] {
  return threads.map((t) => (t.id === id ? { ...t, synced: true } : t));
}

export function renameThread(threads: ChatThread[], id: string, title: string): ChatThread[] {
  const trimmed = title.trim();
  find(threads, id);
  if (!trimmed) return threads;
  return threads.map((t) => (t.id === id ? { ...t, title: trimmed, updatedAt: new Date().toISOString() } : t));
}

export function deleteThread(threads: ChatThread[], id: string): ChatThread[] {
  return threads.filter((t) => t.id !== id);
}

/** Today / Yesterday / 'Mar 4', newest first. */
export function groupThreads(threads: ChatThread[], now = new Date()): Array<{ label: string; threads: ChatThread[] }> {
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const today = day(now);
  const groups = new Map<string, ChatThread[]>();
  for (const thread of threads) {
    const at = new Date(thread.updatedAt);
    const diff = Math.round((today - day(at)) / 86_400_000);
    const label = diff === 0 ? 'Today' : diff === 1 ? 'Yesterday' : formatDate(at, 'short');
    groups.set(label, [...(groups.get(label) ?? []), thread]);
  }
  return [...groups.entries()].map(([label, list]) => ({ label, threads: list }));
}

/** Replaces a message and every later one of a thread by `added` (edit and resend). */
export function replaceFrom(threads: ChatThread[], id: string, messageId: string, added: ChatMessage): ChatThread[] {
  const thread = find(threads, id);
  const at = thread.messages.findIndex((m) => m.id === messageId);
  if (at === -1) return threads;
  const updated = {
    ...thread,
    messages: [...thread.messages.slice(0, at), added],
    updatedAt: new Date().toISOString(),
  };
  return [updated, ...threads.filter((t) => t.id !== id)];
}

/**
 * A thread as the server answered it: its title and messages win; the persona stays first.
 * `knownWhenAsked` holds the ids of the thread's cached messages when the copy was asked for: a
 * message added here since (sent while the copy was on its way) that the copy lacks stays, last.
 */
export function mergeServerThread(
  threads: ChatThread[],
  server: { id: string; title: string; createdAt: string; updatedAt: string; messages: ChatMessage[] },
  brand: string,
  knownWhenAsked?: ReadonlySet<string>,
): ChatThread[] {
  const local = threads.find((t) => t.id === server.id);
  const persona = local?.messages.find((m) => m.role === 'system') ?? message('system', personaMessage(brand));
  const copied = new Set(server.messages.map((m) => m.id));
  const meanwhile =
    local && knownWhenAsked
      ? local.messages.filter((m) => m.role !== 'system' && !knownWhenAsked.has(m.id) && !copied.has(m.id))
      : [];
  const merged: ChatThread = {
    id: server.id,
    title: server.title,
    createdAt: server.createdAt,
    updatedAt: meanwhile.length > 0 && local && local.updatedAt > server.updatedAt ? local.updatedAt : server.updatedAt,
    messages: [persona, ...server.messages, ...meanwhile],
    synced: true,
  };
  // A thread the server has no message of yet keeps what this browser has (sent while offline).
  if (local && server.messages.length === 0 && local.messages.some((m) => m.role !== 'system')) {
    merged.messages = local.messages;
  }
  return [merged, ...threads.filter((t) => t.id !== server.id)];
}

/** The ids of each cached thread's messages, to tell later what was added since (see mergeServerThread). */
export function messageIds(threads: ChatThread[]): Map<string, Set<string>> {
  return new Map(threads.map((t) => [t.id, new Set(t.messages.map((m) => m.id))]));
}

/**
 * The cache after the server's list: threads it had synced but the server no longer holds were
 * deleted elsewhere; the others stay (the caller reads the server's copy of each).
 */
export function dropDeletedElsewhere(threads: ChatThread[], serverIds: Set<string>): ChatThread[] {
  return threads.filter((t) => !t.synced || serverIds.has(t.id));
}
