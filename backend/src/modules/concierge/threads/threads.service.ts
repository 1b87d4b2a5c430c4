import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../../common/app-error';
import { AuditService, type AuditRecord } from '../../audit';
import { sessionChannel, STAFF_CHANNEL } from '../../../platform/live/channels';
import { LiveEventsService } from '../../../platform/live/live-events.service';
import { StaffNotices } from '../../requests';
import { OutboxService } from '../../../platform/queue/outbox.service';
import type { ChatTurn, ReplyStep } from '../../../platform/ai/types';
import type { MessageStatus } from './thread.entity';
import { UUID } from '../../../common/uuid';
import { PreparedStatement } from '../../../platform/database/prepared-statement';

export const DEFAULT_TITLE = 'New Conversation';

const NOT_FOUND = 'Conversation not found';
const MESSAGE_ID_TAKEN = 'This message id is already taken. Please send your message again.';
const LAST_MESSAGE_YOURS = 'The last message must be yours.';
const STEP_NOT_FOUND = 'This step is not in your conversations.';
/** The most recent messages of a thread the model reads (ChatService trims them to its budget). */
const CONTEXT_TURNS = 40;

/**
 * What a reply reads before the model is asked (replyContext): the thread's owner and hand-off,
 * the message id the member sent (taken, and by what), and the latest turns up to it. Prepared:
 * it runs before every reply's first word, and PostgreSQL then plans it once per connection.
 * $1 the message replaced from, $2 how many turns, $3 the thread, $4 the member's message id.
 */
const replyContext = new PreparedStatement<ReplyContextRow>(
  'concierge_reply_context',
  `select t.session_id, t.handoff_at is not null as handed_off, taken.thread_id as taken_thread,
          taken.role as taken_role, taken.content as taken_content,
          coalesce((select json_agg(json_build_object('role', m.role, 'content', m.content) order by m.seq)
             from (select role, content, seq from concierge_messages
                    where thread_id = t.id and status <> 'error' and content <> ''
                      and seq <= coalesce(case when taken.thread_id = t.id then taken.seq end, seq)
                      and seq < coalesce((select seq from concierge_messages where id = $1::uuid and thread_id = t.id), seq + 1)
                    order by seq desc limit $2::int) m), '[]'::json) as recent
     from (select 1) one
     left join concierge_threads t on t.id = $3::uuid
     left join concierge_messages taken on taken.id = $4::uuid`,
);

/** A reply about to begin in its thread: what the model reads, and whether a person has the thread. */
export interface BegunReply {
  /** The thread's recent turns, oldest first, the member's message last (a concierge's reads as the assistant's). */
  turns: ChatTurn[];
  /** The member asked for a person and staff have not handed the thread back: the AI stays quiet. */
  handedOff: boolean;
}

const contextTurns = (rows: Array<Pick<MessageRow, 'role' | 'content'>>): ChatTurn[] =>
  rows.map((row) => ({ role: row.role === 'user' ? 'user' : 'assistant', content: row.content }));

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
  /** What the concierge looked up or did while writing an assistant reply; absent when nothing. */
  steps?: ReplyStep[];
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
  handoff_at: Date | null;
}

/** replyContext's row: the thread (all null when not written yet), a message already holding the id, the recent turns. */
interface ReplyContextRow {
  session_id: string | null;
  handed_off: boolean | null;
  taken_thread: string | null;
  taken_role: string | null;
  taken_content: string | null;
  recent: Array<Pick<MessageRow, 'role' | 'content'>>;
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
  steps: ReplyStep[] | null;
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
  ...(row.steps?.length ? { steps: row.steps } : {}),
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
    private readonly audit: AuditService,
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
   * The thread as the model is to read it for a reply about to begin, and whether a person has
   * it, refusing before anything is asked or written what beginReply would refuse: a thread of
   * another session (404), an id that names another message (409), a thread that would not end
   * with the member's message (400). The member's new message comes last; a message sent again
   * is answered as it was (the thread up to it); `replaceFrom` reads the thread before that
   * message (edit and resend, Regenerate). A thread not written yet (the browser made it
   * offline) reads as empty. One query: it runs before the model is asked.
   */
  async replyContext(
    sessionId: string,
    threadId: string,
    reply: { message?: { id?: string; content: string }; replaceFrom?: string },
  ): Promise<BegunReply> {
    if (!UUID.test(threadId)) throw AppError.notFound(NOT_FOUND);
    const messageId = reply.message?.id ?? null;
    const [row] = await replyContext.run(this.em, [reply.replaceFrom ?? null, CONTEXT_TURNS, threadId, messageId]);
    if (row.session_id !== null && row.session_id !== sessionId) throw AppError.notFound(NOT_FOUND);
    const turns = contextTurns(row.recent);
    if (reply.message) {
      const resent =
        row.taken_thread === threadId && row.taken_role === 'user' && row.taken_content === reply.message.content;
      // An edit may keep the id of the message it replaces: that message is dropped first.
      const replaced = messageId !== null && messageId === reply.replaceFrom;
      if (row.taken_thread !== null && !resent && !replaced) throw AppError.conflict(MESSAGE_ID_TAKEN);
      if (!resent) turns.push({ role: 'user', content: reply.message.content });
    }
    if (turns.at(-1)?.role !== 'user') throw AppError.badRequest(LAST_MESSAGE_YOURS);
    return { turns: turns.slice(-CONTEXT_TURNS), handedOff: row.handed_off === true };
  }

  /**
   * Records a reply about to stream in the session's thread, in one transaction, deciding again
   * what replyContext read (another tab may have written in between). The thread is created when
   * the browser made it offline; a thread of another session answers 404. `replaceFrom` drops that
   * message and every later one. The member's message is added (a new one is recorded as a
   * request by the worker, through a job written in the same transaction); the same message sent
   * again is kept once, and an id that names another message is refused (409). Nothing is
   * written when the thread does not end with the member's message (400).
   */
  async beginReply(
    sessionId: string,
    threadId: string,
    reply: { id: string; message?: { id?: string; content: string }; replaceFrom?: string },
  ): Promise<void> {
    if (!UUID.test(threadId)) throw AppError.notFound(NOT_FOUND);
    await this.em.fork().transactional(async (em) => {
      // Created, or locked and touched, in one statement: two tabs answering at once take turns here.
      const [thread] = await em.execute<Array<Pick<ThreadRow, 'session_id'>>>(
        `insert into concierge_threads (id, session_id, title) values (?, ?, ?)
         on conflict (id) do update set updated_at = now() returning session_id`,
        [threadId, sessionId, DEFAULT_TITLE],
      );
      if (thread.session_id !== sessionId) throw AppError.notFound(NOT_FOUND);
      if (reply.replaceFrom) {
        await em.execute(
          `delete from concierge_messages where thread_id = ?
              and seq >= (select seq from concierge_messages where id = ? and thread_id = ?)`,
          [threadId, reply.replaceFrom, threadId],
        );
      }
      // A message sent again is answered as it was: the thread up to it. A new one is the last.
      const added = reply.message ? await this.addMemberMessage(em, threadId, reply.message) : null;
      if (!added?.isNew) {
        const upTo = added?.seq ?? null;
        const [last] = await em.execute<Array<Pick<MessageRow, 'role'>>>(
          `select role from concierge_messages
            where thread_id = ? and status <> 'error' and content <> '' and (?::bigint is null or seq <= ?)
            order by seq desc limit 1`,
          [threadId, upTo, upTo],
        );
        if (last?.role !== 'user') throw AppError.badRequest(LAST_MESSAGE_YOURS);
      }
      await em.execute(
        `insert into concierge_messages (id, thread_id, role, content, status) values (?, ?, 'assistant', '', 'streaming')`,
        [reply.id, threadId],
      );
    });
    void this.announce(sessionId, 'thread.changed', { threadId, streaming: reply.id });
  }

  /**
   * The member's message in its thread, answered with its place (seq) and whether it is new: a new
   * id is added, the same message sent again is kept once, an id of any other message is refused (409).
   */
  private async addMemberMessage(
    em: EntityManager,
    threadId: string,
    message: { id?: string; content: string },
  ): Promise<{ seq: string; isNew: boolean }> {
    const id = message.id ?? crypto.randomUUID();
    const [inserted] = await em.execute<Array<{ seq: string }>>(
      `insert into concierge_messages (id, thread_id, role, content) values (?, ?, 'user', ?)
       on conflict (id) do nothing returning seq`,
      [id, threadId, message.content],
    );
    if (inserted) {
      await this.outbox.add(em, 'concierge.member-message', { messageId: id });
      return { seq: inserted.seq, isNew: true };
    }
    const [existing] = await em.execute<Array<{ thread_id: string; role: string; content: string; seq: string }>>(
      'select thread_id, role, content, seq from concierge_messages where id = ?',
      [id],
    );
    const resent = existing?.thread_id === threadId && existing.role === 'user' && existing.content === message.content;
    if (!resent) throw AppError.conflict(MESSAGE_ID_TAKEN);
    return { seq: existing.seq, isNew: false };
  }

  /** A member's message with its thread and session (for recording it as a request), or null once deleted. */
  async memberMessage(
    id: string,
  ): Promise<{ sessionId: string; threadId: string; content: string; withPerson: boolean } | null> {
    if (!UUID.test(id)) return null;
    const [row] = await this.sql<{ session_id: string; thread_id: string; content: string; with_person: boolean }>(
      `select t.session_id, m.thread_id, m.content, t.handoff_at is not null as with_person
         from concierge_messages m join concierge_threads t on t.id = m.thread_id
        where m.id = ? and m.role = 'user'`,
      [id],
    );
    return row
      ? { sessionId: row.session_id, threadId: row.thread_id, content: row.content, withPerson: row.with_person }
      : null;
  }

  /**
   * A message from a named human concierge of the staff into a member's thread (a reply, a change
   * of a request, options to accept); every tab of the session sees it at once. A staff reply
   * names its audit record, written in the message's transaction.
   */
  async postConciergeMessage(
    threadId: string,
    message: { author: string; content: string; attachment?: MessageAttachment | null },
    audit?: AuditRecord,
    /** What must be written with the message or not at all (the member's notice of it). */
    within?: (tx: EntityManager) => Promise<void>,
  ): Promise<MessageView> {
    if (!UUID.test(threadId)) throw AppError.notFound(NOT_FOUND);
    const [thread] = await this.sql<ThreadRow>('select * from concierge_threads where id = ?', [threadId]);
    if (!thread) throw AppError.notFound(NOT_FOUND);
    const [row] = await this.em.fork().transactional(async (tx) => {
      const inserted = await tx.execute<MessageRow[]>(
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
      await tx.execute('update concierge_threads set updated_at = now() where id = ?', [threadId], 'run');
      if (audit) await this.audit.record(tx, audit);
      if (within) await within(tx);
      return inserted;
    });
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

  /** The member asked for a person: the AI stays quiet in the thread; the console hears of it at once. */
  async handOff(threadId: string): Promise<void> {
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
    await this.live.publish(STAFF_CHANNEL, 'request.handoff', { threadId }).catch(() => undefined);
    await this.announce(row.session_id, 'thread.changed', { threadId });
  }

  /** Staff hand the thread back to the AI (with its audit record, in the same transaction). */
  async handBack(threadId: string, audit?: AuditRecord): Promise<void> {
    if (!UUID.test(threadId)) return;
    const [row] = await this.em.fork().transactional(async (tx) => {
      const changed = await tx.execute<ThreadRow[]>(
        'update concierge_threads set handoff_at = null where id = ? and handoff_at is not null returning *',
        [threadId],
      );
      if (changed.length && audit) await this.audit.record(tx, audit);
      return changed;
    });
    if (!row) return;
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

  /** The reply's final text, state and steps; the session's tabs are told. */
  async finishReply(
    sessionId: string,
    threadId: string,
    replyId: string,
    reply: { content: string; status: MessageStatus; steps: ReplyStep[] },
  ) {
    await this.sql(
      `with reply as (update concierge_messages set content = ?, status = ?, steps = ? where id = ?)
       update concierge_threads set updated_at = now() where id = ?`,
      [reply.content, reply.status, reply.steps.length ? JSON.stringify(reply.steps) : null, replyId, threadId],
    );
    await this.announce(sessionId, 'thread.changed', { threadId });
  }

  /**
   * Changes one step of a reply of the session's (the member's answer to a step that asked), in a
   * transaction that holds the reply: `change` sees the step as stored and answers it as it is to
   * be, or throws. Answers the step as stored, and the member's message the reply answered.
   */
  async changeStep(
    sessionId: string,
    replyId: string,
    stepId: string,
    change: (step: ReplyStep, sourceMessageId: string | null, tx: EntityManager) => Promise<ReplyStep>,
  ): Promise<ReplyStep> {
    if (!UUID.test(replyId)) throw AppError.notFound(STEP_NOT_FOUND);
    const { threadId, step } = await this.em.fork().transactional(async (em) => {
      const [row] = await em.execute<Array<{ thread_id: string; seq: string; steps: ReplyStep[] | null }>>(
        `select m.thread_id, m.seq, m.steps from concierge_messages m join concierge_threads t on t.id = m.thread_id
          where m.id = ? and t.session_id = ? and m.role = 'assistant' for update of m`,
        [replyId, sessionId],
      );
      const steps = row?.steps ?? [];
      const index = steps.findIndex((s) => s.id === stepId);
      if (index < 0) throw AppError.notFound(STEP_NOT_FOUND);
      const [source] = await em.execute<Array<{ id: string }>>(
        `select id from concierge_messages where thread_id = ? and role = 'user' and seq < ? order by seq desc limit 1`,
        [row.thread_id, row.seq],
      );
      const changed = await change(steps[index], source?.id ?? null, em);
      steps[index] = changed;
      await em.execute('update concierge_messages set steps = ? where id = ?', [JSON.stringify(steps), replyId]);
      return { threadId: row.thread_id, step: changed };
    });
    await this.announce(sessionId, 'thread.changed', { threadId });
    return step;
  }
}
