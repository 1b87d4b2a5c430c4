import type { EntityManager } from '@mikro-orm/postgresql';
import { PreparedStatement } from '../../../platform/database/prepared-statement';
import { jobQueue } from '../../../platform/queue/job-payloads';
import { outboxInsertSql, sqlValue } from '../../../platform/queue/outbox-sql';

/**
 * A member's new message and the reply about to stream, written in the session's thread by ONE
 * statement, which also answers the thread's recent turns and whether a person has it. It buys
 * the member's first word the round trips of the transaction (ThreadsService.beginReply), which
 * were most of what a reply added before the model was asked, and the pool's connections they
 * held while a hundred replies started at once (README, Performance).
 *
 * The thread is created when the browser made it offline, or touched (updated_at), which locks it
 * against another reply written at the same moment; the reply is inserted from the member's
 * message, so after it (seq), and only with it. A new member message gets the outbox row of its `concierge.member-message` job. The turns
 * are read from the statement's snapshot, so they are the thread as it was: the caller adds the
 * member's message. Anything else (a thread of another session or being created by another
 * request, a message id already taken, an edit or Regenerate) writes nothing here (`written` 0)
 * and goes to the transaction, which decides it.
 *
 * $1 thread id, $2 session id, $3 a new thread's title, $4 the member's message id, $5 its text,
 * $6 the reply's id, $7 the member-messages queue, $8 how many recent turns to read.
 */
const BEGIN_REPLY_SQL = `with created as (
     insert into concierge_threads (id, session_id, title) values ($1, $2, $3)
     on conflict (id) do nothing
     returning id, handoff_at
   ), touched as (
     update concierge_threads set updated_at = now() where id = $1 and session_id = $2
     returning id, handoff_at
   ), thread as (
     select id, handoff_at from created union all select id, handoff_at from touched
   ), member as (
     insert into concierge_messages (id, thread_id, role, content)
     select $4::uuid, thread.id, 'user', $5::text from thread
     on conflict (id) do nothing
     returning id
   ), reply as (
     insert into concierge_messages (id, thread_id, role, content, status)
     select $6::uuid, $1::uuid, 'assistant', '', 'streaming' from member
     returning id
   ), job as (
     ${outboxInsertSql('concierge.member-message', { messageId: sqlValue<string>('member.id') }, { queue: '$7', rows: 'member' })}
   ), recent as (
     select role, content from concierge_messages
      where thread_id = $1 and status <> 'error' and content <> ''
      order by seq desc limit $8
   )
   select (select count(*)::int from member) + (select count(*)::int from reply) as written,
          (select bool_or(handoff_at is not null) from thread) as handed_off,
          (select coalesce(json_agg(json_build_object('role', role, 'content', content)), '[]'::json) from recent) as recent`;

interface BeginReplyRow {
  /** Rows written: 2 when both messages went in, else nothing was decided here. */
  written: number;
  handed_off: boolean | null;
  /** The thread's turns before this message, newest first. */
  recent: Array<{ role: 'user' | 'assistant' | 'concierge'; content: string }>;
}

const statement = new PreparedStatement<BeginReplyRow>('begin_reply', BEGIN_REPLY_SQL);

/**
 * Writes the member's new message and the streaming reply in one round trip, or answers null
 * (and writes nothing) when the transaction must decide.
 */
export async function beginReplyInOneStatement(
  em: EntityManager,
  input: {
    threadId: string;
    sessionId: string;
    title: string;
    memberMessageId: string;
    content: string;
    replyId: string;
    turns: number;
  },
): Promise<{ recent: BeginReplyRow['recent']; handedOff: boolean } | null> {
  const [row] = await statement.run(em, [
    input.threadId,
    input.sessionId,
    input.title,
    input.memberMessageId,
    input.content,
    input.replyId,
    jobQueue('concierge.member-message'),
    input.turns,
  ]);
  if (!row || row.written !== 2) return null;
  return { recent: row.recent, handedOff: row.handed_off === true };
}
