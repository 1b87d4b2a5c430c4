import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../../common/app-error';
import { LiveEventsService } from '../../../platform/live/live-events.service';
import type { MessageStatus } from './thread.entity';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const DEFAULT_TITLE = 'New Conversation';
const NOT_FOUND = 'Conversation not found';

export interface ThreadSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

export interface MessageView {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  status: MessageStatus;
  createdAt: string;
  rating: { helpful: boolean; comment: string | null } | null;
}

export interface ThreadView extends ThreadSummary {
  messages: MessageView[];
}

interface ThreadRow {
  id: string;
  session_id: string;
  title: string;
  created_at: Date;
  updated_at: Date;
}

interface MessageRow {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  status: MessageStatus;
  created_at: Date;
  rating_helpful: boolean | null;
  rating_comment: string | null;
}

const summary = (row: ThreadRow): ThreadSummary => ({
  id: row.id,
  title: row.title,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

const messageView = (row: MessageRow): MessageView => ({
  id: row.id,
  role: row.role,
  content: row.content,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  rating: row.rating_helpful === null ? null : { helpful: row.rating_helpful, comment: row.rating_comment },
});

/** The live channel of one concierge session (every tab of it listens). */
export const sessionChannel = (sessionId: string) => `concierge:${sessionId}`;

/**
 * The members' threads and messages (tables concierge_threads and concierge_messages, owned by
 * the concierge module), always read and written for one concierge session: a thread of another
 * session answers 404, as one that does not exist. Every change is announced on the session's
 * live channel, so the member's other tabs follow it.
 */
@Injectable()
export class ThreadsService {
  constructor(
    private readonly em: EntityManager,
    private readonly live: LiveEventsService,
  ) {}

  private sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(query, params as never[]);
  }

  private announce(sessionId: string, event: string, data: Record<string, unknown>): Promise<void> {
    return this.live.publish(sessionChannel(sessionId), event, data).catch(() => undefined);
  }

  private async own(sessionId: string, id: string): Promise<ThreadRow> {
    if (!UUID.test(id)) throw AppError.notFound(NOT_FOUND);
    const [row] = await this.sql<ThreadRow>('select * from concierge_threads where id = ? and session_id = ?', [
      id,
      sessionId,
    ]);
    if (!row) throw AppError.notFound(NOT_FOUND);
    return row;
  }

  async list(sessionId: string): Promise<ThreadSummary[]> {
    const rows = await this.sql<ThreadRow>(
      'select * from concierge_threads where session_id = ? order by updated_at desc limit 500',
      [sessionId],
    );
    return rows.map(summary);
  }

  /**
   * A new thread. The browser may choose its id (a thread it created while the server was out
   * of reach); creating the same thread again answers it unchanged.
   */
  async create(sessionId: string, input: { id?: string; title?: string }): Promise<ThreadSummary> {
    const id = input.id ?? crypto.randomUUID();
    const title = input.title?.trim() || DEFAULT_TITLE;
    const [row] = await this.sql<ThreadRow>(
      `insert into concierge_threads (id, session_id, title) values (?, ?, ?)
       on conflict (id) do nothing returning *`,
      [id, sessionId, title],
    );
    if (!row) {
      const [existing] = await this.sql<ThreadRow>('select * from concierge_threads where id = ?', [id]);
      if (existing?.session_id !== sessionId) throw AppError.conflict('This conversation id is already taken.');
      return summary(existing);
    }
    await this.announce(sessionId, 'thread.changed', { threadId: id, title });
    return summary(row);
  }

  async read(sessionId: string, id: string): Promise<ThreadView> {
    const thread = await this.own(sessionId, id);
    const messages = await this.sql<MessageRow>('select * from concierge_messages where thread_id = ? order by seq', [
      id,
    ]);
    return { ...summary(thread), messages: messages.map(messageView) };
  }

  async rename(sessionId: string, id: string, title: string): Promise<ThreadSummary> {
    await this.own(sessionId, id);
    const [row] = await this.sql<ThreadRow>(
      'update concierge_threads set title = ?, updated_at = now() where id = ? returning *',
      [title.trim(), id],
    );
    await this.announce(sessionId, 'thread.changed', { threadId: id, title: row.title });
    return summary(row);
  }

  async remove(sessionId: string, id: string): Promise<void> {
    await this.own(sessionId, id);
    await this.sql('delete from concierge_threads where id = ?', [id]);
    await this.announce(sessionId, 'thread.deleted', { threadId: id });
  }

  async rate(
    sessionId: string,
    threadId: string,
    messageId: string,
    rating: { helpful: boolean; comment?: string | null },
  ): Promise<MessageView> {
    await this.own(sessionId, threadId);
    if (!UUID.test(messageId)) throw AppError.notFound('Message not found');
    const [row] = await this.sql<MessageRow>(
      `update concierge_messages set rating_helpful = ?, rating_comment = ?, rated_at = now()
        where id = ? and thread_id = ? and role = 'assistant' returning *`,
      [rating.helpful, rating.comment?.trim() || null, messageId, threadId],
    );
    if (!row) throw AppError.notFound('Message not found');
    await this.announce(sessionId, 'thread.changed', { threadId });
    return messageView(row);
  }

  /**
   * Records a reply about to stream in the session's thread (created when the browser made it
   * offline): drops `replaceFrom` and every later message (edit and resend, Regenerate), adds the
   * member's message unless it is there already, and the reply as `streaming`. Answers false,
   * writing nothing, when the thread id is not one the session may hold.
   */
  async beginReply(
    sessionId: string,
    threadId: string | undefined,
    reply: { id: string; userMessage?: { id?: string; content: string }; replaceFrom?: string },
  ): Promise<boolean> {
    if (!threadId || !UUID.test(threadId)) return false;
    const wrote = await this.em.getConnection().transactional(async (trx) => {
      const run = <T>(query: string, params: unknown[]) =>
        this.em.getConnection().execute<T[]>(query, params as never[], 'all', trx);
      await run(`insert into concierge_threads (id, session_id, title) values (?, ?, ?) on conflict (id) do nothing`, [
        threadId,
        sessionId,
        DEFAULT_TITLE,
      ]);
      const [thread] = await run<ThreadRow>('select * from concierge_threads where id = ? for update', [threadId]);
      if (thread.session_id !== sessionId) return false;
      if (reply.replaceFrom && UUID.test(reply.replaceFrom)) {
        await run(
          `delete from concierge_messages where thread_id = ?
              and seq >= (select seq from concierge_messages where id = ? and thread_id = ?)`,
          [threadId, reply.replaceFrom, threadId],
        );
      }
      if (reply.userMessage) {
        const id = reply.userMessage.id && UUID.test(reply.userMessage.id) ? reply.userMessage.id : crypto.randomUUID();
        await run(
          `insert into concierge_messages (id, thread_id, role, content) values (?, ?, 'user', ?) on conflict (id) do nothing`,
          [id, threadId, reply.userMessage.content],
        );
      }
      await run(
        `insert into concierge_messages (id, thread_id, role, content, status) values (?, ?, 'assistant', '', 'streaming')`,
        [reply.id, threadId],
      );
      await run('update concierge_threads set updated_at = now() where id = ?', [threadId]);
      return true;
    });
    if (wrote) await this.announce(sessionId, 'thread.changed', { threadId, streaming: reply.id });
    return wrote;
  }

  /** The reply's final text and state; the session's tabs are told. */
  async finishReply(sessionId: string, threadId: string, replyId: string, content: string, status: MessageStatus) {
    await this.sql(`update concierge_messages set content = ?, status = ? where id = ?`, [content, status, replyId]);
    await this.sql('update concierge_threads set updated_at = now() where id = ?', [threadId]);
    await this.announce(sessionId, 'thread.changed', { threadId });
  }
}
