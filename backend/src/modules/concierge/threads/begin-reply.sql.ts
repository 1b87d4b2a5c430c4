import { outboxInsertSql, sqlValue } from '../../../platform/queue/outbox-sql';

/**
 * A member's new message and the reply about to stream, written in the session's thread by ONE
 * statement (one round trip, not a transaction's eight: it runs while the model writes the first
 * words of the reply). The thread is created when the browser made it offline, and its row is
 * touched (updated_at), which also locks it against another reply written at the same moment.
 * Both messages come from one insert, in order, so the member's message is before the reply
 * (seq). A member's message that is new gets the outbox row of its `concierge.member-message`
 * job (recorded as a request by the worker); one already there (sent again) is left as it is.
 *
 * $1 thread id, $2 session id, $3 a new thread's title, $4 the member's message id, $5 its
 * text, $6 the reply's id, $7 the member-messages queue. Answers `written`, the reply rows
 * written (0 when the thread is another session's, or was being created by another request:
 * the caller then decides in a transaction), and `member`, the new member messages (0 or 1).
 */
export const BEGIN_REPLY_SQL = `with created as (
     insert into concierge_threads (id, session_id, title) values ($1, $2, $3)
     on conflict (id) do nothing
     returning id
   ), touched as (
     update concierge_threads set updated_at = now() where id = $1 and session_id = $2
     returning id
   ), thread as (
     select id from created union all select id from touched
   ), written as (
     insert into concierge_messages (id, thread_id, role, content, status)
     select m.id, thread.id, m.role, m.content, m.status
       from thread,
            (values ($4::uuid, 'user', $5::text, 'complete', 1), ($6::uuid, 'assistant', '', 'streaming', 2))
              as m(id, role, content, status, position)
      order by m.position
     on conflict (id) do nothing
     returning id, role
   ), member as (
     select id from written where role = 'user'
   ), job as (
     ${outboxInsertSql('concierge.member-message', { messageId: sqlValue<string>('member.id') }, { queue: '$7', rows: 'member' })}
   )
   select count(*) filter (where role = 'assistant')::int as written,
          count(*) filter (where role = 'user')::int as member
     from written`;
