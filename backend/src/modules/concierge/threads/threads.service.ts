import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/environment';
import { REDIS } from '../../../platform/redis/redis.module';
import { AppError } from '../../../common/app-error';
import { sessionChannel, STAFF_CHANNEL } from '../../../platform/live/channels';
import { LiveEventsService } from '../../../platform/live/live-events.service';
import { StaffNotices } from '../../requests/staff-notices';
import { jobQueue } from '../../../platform/queue/job-payloads';
import { OutboxRelay } from '../../../platform/queue/outbox-relay.service';
import { OutboxService } from '../../../platform/queue/outbox.service';
import { PreparedStatement } from '../../../platform/database/prepared-statement';
import { BEGIN_REPLY_SQL } from './begin-reply.sql';
import type { MessageStatus } from './thread.entity';
import { UUID } from '../../../common/uuid';
import { ConciergeKeys, handoffKey } from '../concierge-keys';

export const DEFAULT_TITLE = 'New Conversation';

// A reply's two writes, one statement each, parsed and planned once per connection: every
// member's message runs them.
const beginReplyStatement = new PreparedStatement<{ written: number; member: number }>('begin_reply', BEGIN_REPLY_SQL);
const finishReplyStatement = new PreparedStatement<never>(
  'finish_reply',
  `with reply as (update concierge_messages set content = $1, status = $2 where id = $3)
   update concierge_threads set updated_at = now() where id = $4`,
);
const NOT_FOUND = 'Conversation not found';
/** A thread's hand-off state kept in Redis (see handedOff): `-` when no person has it. */
const NOT_HANDED_OFF = '-';
const HANDOFF_KEY_SECONDS = 10 * 60;

export interface ThreadSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

/** What a staff message may carry: the options of a request, which the member can accept in the chat. */
export interface MessageAttachment {
  type: 'options';
  requestId: string;
  options: Array<{ id: string; title: string; price: number; currency: string }>;
}

export interface MessageView {
  id: string;
  /** 'concierge': a named human concierge of the staff, not the AI. */
  role: 'user' | 'assistant' | 'concierge';
  content: string;
  status: MessageStatus;
  createdAt: string;
  rating: { helpful: boolean; comment: string | null } | null;
  author: string | null;
  attachment: MessageAttachment | null;
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
  role: 'user' | 'assistant' | 'concierge';
  content: string;
  status: MessageStatus;
  created_at: Date;
  rating_helpful: boolean | null;
  rating_comment: string | null;
  author_name: string | null;
  attachment: MessageAttachment | null;
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
  author: row.author_name ?? null,
  attachment: row.attachment ?? null,
});

/** What the staff console shows of a request's thread beside its card. */
export interface ThreadFacts {
  threadId: string;
  /** When the member last wrote in it. */
  lastMemberMessageAt: string | null;
  /** When the member asked for a person (the AI is silent until staff hand it back), or null. */
  handoffAt: string | null;
  /** When a staff member last wrote in it. */
  lastStaffMessageAt: string | null;
}

/** A rated reply, for the staff console. */
export interface RatingView {
  threadId: string;
  messageId: string;
  content: string;
  helpful: boolean;
  comment: string | null;
  ratedAt: string;
}

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
    private readonly notices: StaffNotices,
    private readonly outbox: OutboxService,
    private readonly relay: OutboxRelay,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: ConciergeKeys,
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
    // A new thread has no person yet: its first reply need not ask the table (nor Redis, on this process).
    const key = this.handoffKey(id);
    await this.keys
      .setIfAbsent(key, NOT_HANDED_OFF, HANDOFF_KEY_SECONDS, () =>
        this.redis.set(key, NOT_HANDED_OFF, 'EX', HANDOFF_KEY_SECONDS, 'NX'),
      )
      .catch(() => undefined);
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
    await this.redis.del(this.handoffKey(id)).catch(() => undefined);
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
   * member's message unless it is there already, and the reply as `streaming`. A new message of
   * the member is recorded as a request by the worker (a job written in the same transaction).
   * Answers whether the reply was written (not when the thread id is not one the session may hold).
   */
  async beginReply(
    sessionId: string,
    threadId: string | undefined,
    reply: { id: string; userMessage?: { id?: string; content: string }; replaceFrom?: string },
  ): Promise<{ persisted: boolean }> {
    if (!threadId || !UUID.test(threadId)) return { persisted: false };
    const memberMessageId =
      reply.userMessage?.id && UUID.test(reply.userMessage.id) ? reply.userMessage.id : crypto.randomUUID();
    // A new message in a thread, the common case: one statement.
    if (reply.userMessage && !reply.replaceFrom) {
      const [row] = await beginReplyStatement.run(this.em, [
        threadId,
        sessionId,
        DEFAULT_TITLE,
        memberMessageId,
        reply.userMessage.content,
        reply.id,
        jobQueue('concierge.member-message'),
      ]);
      if (row.written > 0) {
        if (row.member > 0) this.relay.nudge();
        await this.announce(sessionId, 'thread.changed', { threadId, streaming: reply.id });
        return { persisted: true };
      }
      // Another session's thread, or one another request is creating right now: the transaction decides.
    }
    const wrote = await this.em.fork().transactional(async (em) => {
      await em.execute(
        `insert into concierge_threads (id, session_id, title) values (?, ?, ?) on conflict (id) do nothing`,
        [threadId, sessionId, DEFAULT_TITLE],
      );
      const [thread] = await em.execute<ThreadRow[]>('select * from concierge_threads where id = ? for update', [
        threadId,
      ]);
      if (thread.session_id !== sessionId) return false;
      if (reply.replaceFrom && UUID.test(reply.replaceFrom)) {
        await em.execute(
          `delete from concierge_messages where thread_id = ?
              and seq >= (select seq from concierge_messages where id = ? and thread_id = ?)`,
          [threadId, reply.replaceFrom, threadId],
        );
      }
      if (reply.userMessage) {
        const inserted = await em.execute<Array<{ id: string }>>(
          `insert into concierge_messages (id, thread_id, role, content) values (?, ?, 'user', ?)
           on conflict (id) do nothing returning id`,
          [memberMessageId, threadId, reply.userMessage.content],
        );
        if (inserted.length > 0) {
          await this.outbox.add(em, 'concierge.member-message', { messageId: memberMessageId });
        }
      }
      await em.execute(
        `insert into concierge_messages (id, thread_id, role, content, status) values (?, ?, 'assistant', '', 'streaming')`,
        [reply.id, threadId],
      );
      await em.execute('update concierge_threads set updated_at = now() where id = ?', [threadId]);
      return true;
    });
    if (wrote) await this.announce(sessionId, 'thread.changed', { threadId, streaming: reply.id });
    return { persisted: wrote };
  }

  /** A member's message with its thread and session (for recording it as a request), or null once deleted. */
  async memberMessage(id: string): Promise<{ sessionId: string; threadId: string; content: string } | null> {
    if (!UUID.test(id)) return null;
    const [row] = await this.sql<{ session_id: string; thread_id: string; content: string }>(
      `select t.session_id, m.thread_id, m.content from concierge_messages m
         join concierge_threads t on t.id = m.thread_id where m.id = ? and m.role = 'user'`,
      [id],
    );
    return row ? { sessionId: row.session_id, threadId: row.thread_id, content: row.content } : null;
  }

  /**
   * A message from a named human concierge of the staff into a member's thread (a reply, a change
   * of a request, options to accept); every tab of the session sees it at once.
   */
  async postConciergeMessage(
    threadId: string,
    message: { author: string; content: string; attachment?: MessageAttachment | null },
  ): Promise<MessageView> {
    if (!UUID.test(threadId)) throw AppError.notFound(NOT_FOUND);
    const [thread] = await this.sql<ThreadRow>('select * from concierge_threads where id = ?', [threadId]);
    if (!thread) throw AppError.notFound(NOT_FOUND);
    const [row] = await this.sql<MessageRow>(
      `insert into concierge_messages (id, thread_id, role, content, author_name, attachment)
       values (?, ?, 'concierge', ?, ?, ?) returning *`,
      [
        crypto.randomUUID(),
        threadId,
        message.content,
        message.author,
        message.attachment ? JSON.stringify(message.attachment) : null,
      ],
    );
    await this.sql('update concierge_threads set updated_at = now() where id = ?', [threadId]);
    await this.announce(thread.session_id, 'thread.changed', { threadId, concierge: row.id });
    return messageView(row);
  }

  /** A thread's messages for the staff console (staff see every session's). */
  async conversation(threadId: string): Promise<MessageView[]> {
    if (!UUID.test(threadId)) return [];
    const rows = await this.sql<MessageRow>('select * from concierge_messages where thread_id = ? order by seq', [
      threadId,
    ]);
    return rows.map(messageView);
  }

  /** For each thread: the member's last message, the hand-off and staff's last message. */
  async facts(threadIds: string[]): Promise<Map<string, ThreadFacts>> {
    const ids = [...new Set(threadIds.filter((id) => UUID.test(id)))];
    const facts = new Map<string, ThreadFacts>();
    if (ids.length === 0) return facts;
    const rows = await this.sql<{
      id: string;
      handoff_at: Date | null;
      last_member: Date | null;
      last_staff: Date | null;
    }>(
      `select t.id, t.handoff_at,
              (select max(created_at) from concierge_messages m where m.thread_id = t.id and m.role = 'user') as last_member,
              (select max(created_at) from concierge_messages m where m.thread_id = t.id and m.role = 'concierge') as last_staff
         from concierge_threads t where t.id = any(?::uuid[])`,
      [`{${ids.join(',')}}`],
    );
    const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);
    for (const row of rows) {
      facts.set(row.id, {
        threadId: row.id,
        lastMemberMessageAt: iso(row.last_member),
        handoffAt: iso(row.handoff_at),
        lastStaffMessageAt: iso(row.last_staff),
      });
    }
    return facts;
  }

  private handoffKey(threadId: string): string {
    return handoffKey(this.config, threadId);
  }

  /**
   * True while a person has the session's thread (the member asked for one and staff have not
   * handed it back). Asked before every AI reply, so it is read from Redis: the key holds the
   * session of a handed-off thread, or `-`. A missing key is filled from the database with NX, so
   * a reader that read the table before a change never overwrites the value the change wrote.
   */
  async handedOff(sessionId: string, threadId: string | undefined): Promise<boolean> {
    if (!threadId || !UUID.test(threadId)) return false;
    const key = this.handoffKey(threadId);
    const kept = await this.keys.read(key, () => this.redis.get(key)).catch(() => undefined);
    if (typeof kept === 'string') return kept === sessionId;
    const [row] = await this.sql<{ session_id: string; handoff_at: Date | null }>(
      'select session_id, handoff_at from concierge_threads where id = ?',
      [threadId],
    );
    const holder = row?.handoff_at ? row.session_id : NOT_HANDED_OFF;
    // Kept for the next reply; this one does not wait for it.
    if (kept === null) void this.redis.set(key, holder, 'EX', HANDOFF_KEY_SECONDS, 'NX').catch(() => undefined);
    return holder === sessionId;
  }

  /** The member asked for a person: the AI stays quiet in the thread; the console hears of it at once. */
  async handOff(threadId: string): Promise<void> {
    // The old state goes first: should writing the new one fail below, the next reader takes it
    // from the table, never a stale "not handed off".
    await this.redis.del(this.handoffKey(threadId));
    const row = await this.em.fork().transactional(async (em) => {
      const [changed] = await em.execute<ThreadRow[]>(
        'update concierge_threads set handoff_at = now() where id = ? and handoff_at is null returning *',
        [threadId],
      );
      // Staff are told by email too (batched), in the transaction that records the hand-off.
      if (changed) await this.notices.note(em, { kind: 'handoff', threadId });
      return changed;
    });
    if (!row) return;
    await this.redis.set(this.handoffKey(threadId), row.session_id, 'EX', HANDOFF_KEY_SECONDS).catch(() => undefined);
    await this.live.publish(STAFF_CHANNEL, 'request.handoff', { threadId }).catch(() => undefined);
    await this.announce(row.session_id, 'thread.changed', { threadId });
  }

  /** Staff hand the thread back to the AI. */
  async handBack(threadId: string): Promise<void> {
    if (!UUID.test(threadId)) return;
    const [row] = await this.sql<ThreadRow>(
      'update concierge_threads set handoff_at = null where id = ? and handoff_at is not null returning *',
      [threadId],
    );
    if (!row) return;
    // Best effort: a key left behind still names the session, so the AI would stay quiet (never
    // speak out of turn) until it expires.
    await this.redis.set(this.handoffKey(threadId), NOT_HANDED_OFF, 'EX', HANDOFF_KEY_SECONDS).catch(() => undefined);
    await this.live.publish(STAFF_CHANNEL, 'request.changed', { threadId }).catch(() => undefined);
    await this.announce(row.session_id, 'thread.changed', { threadId });
  }

  /** The session of a thread (for the staff console), or null. */
  async sessionOf(threadId: string): Promise<string | null> {
    if (!UUID.test(threadId)) return null;
    const [row] = await this.sql<ThreadRow>('select * from concierge_threads where id = ?', [threadId]);
    return row?.session_id ?? null;
  }

  /** Every reply the member of a session rated, newest first. */
  async ratings(sessionId: string): Promise<RatingView[]> {
    const rows = await this.sql<MessageRow & { thread_id: string; rated_at: Date }>(
      `select m.* from concierge_messages m join concierge_threads t on t.id = m.thread_id
        where t.session_id = ? and m.rating_helpful is not null order by m.rated_at desc limit 100`,
      [sessionId],
    );
    return rows.map((row) => ({
      threadId: row.thread_id,
      messageId: row.id,
      content: row.content,
      helpful: row.rating_helpful as boolean,
      comment: row.rating_comment,
      ratedAt: new Date(row.rated_at).toISOString(),
    }));
  }

  /** The reply's final text and state; the session's tabs are told. */
  async finishReply(sessionId: string, threadId: string, replyId: string, content: string, status: MessageStatus) {
    await finishReplyStatement.run(this.em, [content, status, replyId, threadId]);
    await this.announce(sessionId, 'thread.changed', { threadId });
  }
}
