import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { UUID } from '../../common/uuid';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import type { UnsubscribeLinks } from '../../platform/mail/mail-consent';
import { OutboxService } from '../../platform/queue/outbox.service';
import { MembersService } from '../members';
import { RequestsService } from '../requests';
import { renderMemberNotice, type NoticeLine } from './member-notice-email';
import { MemberPresence } from './member-presence';

/** What staff did on a member's request: a reply, options to choose from, a new status. */
export type StaffActionKind = 'reply' | 'options' | 'status';

export interface StaffAction {
  /** The request's owner key: `member:<id>` for a member (anything else is a house-password session: nothing to tell). */
  memberOwner: string;
  threadId: string;
  requestId: string;
  kind: StaffActionKind;
  /** The staff person's display name, as the thread shows it. */
  author: string;
  /** What the member reads in the thread. */
  text: string;
}

/** Waited after the first news of a round, so a reply and the options that follow it make one email. */
const GATHER_MS = 60_000;

const MEMBER_OWNER = 'member:';

function memberOf(ownerKey: string): string | null {
  const id = ownerKey.startsWith(MEMBER_OWNER) ? ownerKey.slice(MEMBER_OWNER.length) : null;
  return id && UUID.test(id) ? id : null;
}

const uuidList = (ids: string[]) => `{${ids.filter((id) => UUID.test(id)).join(',')}}`;

/**
 * A member is told when their concierge answers. Each staff action on a member's request marks the
 * thread and the request unread (until the member opens them); when the member has no concierge page
 * open anywhere, it is also kept for an email: one per request per round, a round planned as a
 * delayed job when the first news of it comes (a minute later, or MEMBER_NOTICE_INTERVAL_MINUTES after
 * the last email), holding everything new that the member has still not read when it runs.
 */
@Injectable()
export class MemberNoticesService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly emails: EmailDeliveryService,
    private readonly presence: MemberPresence,
    private readonly members: MembersService,
    private readonly requests: RequestsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  static jobId(requestId: string, round: number): string {
    return `member-notice.${requestId}.${round}`;
  }

  private static deliveryKey(requestId: string, round: number): string {
    return `member-notice:${requestId}:${round}`;
  }

  /**
   * Staff acted on a member's request: the news is recorded in `tx`, the transaction that posts
   * the staff message in the member's thread, and planned for an email while the member is away.
   */
  async staffActed(tx: EntityManager, action: StaffAction): Promise<void> {
    const memberId = memberOf(action.memberOwner);
    if (!memberId || !UUID.test(action.threadId) || !UUID.test(action.requestId)) return;
    const away = !(await this.presence.connected(action.memberOwner));
    await this.record(tx, memberId, away, action);
  }

  private async record(em: EntityManager, memberId: string, away: boolean, action: StaffAction): Promise<void> {
    await em.execute(
      `insert into member_reads (member_id, subject_id, subject, thread_id, news_at)
       values (?, ?, 'thread', null, now()), (?, ?, 'request', ?, now())
       on conflict (member_id, subject_id) do update set news_at = now()`,
      [memberId, action.threadId, memberId, action.requestId, action.threadId],
    );
    if (!away) return;
    await em.execute(
      'insert into member_notice_items (id, request_id, kind, author, text) values (gen_random_uuid(), ?, ?, ?, ?)',
      [action.requestId, action.kind, action.author, action.text],
    );
    // The batch row is locked here until commit: a round being sent waits, or is waited for.
    const [batch] = await em.execute<Array<{ round: number; started: boolean; delay_ms: string }>>(
      `insert into member_notice_batches as b (request_id, member_id, thread_id, round, pending_since)
       values (?, ?, ?, 1, now())
       on conflict (request_id) do update
          set round = case when b.pending_since is null then b.round + 1 else b.round end,
              pending_since = coalesce(b.pending_since, now())
       returning round, pending_since = now() as started,
                 ceil(extract(epoch from greatest(make_interval(secs => ?),
                      coalesce(last_sent_at + make_interval(mins => ?) - now(), interval '0')))
                      * 1000) as delay_ms`,
      [action.requestId, memberId, action.threadId, GATHER_MS / 1000, this.config.MEMBER_NOTICE_INTERVAL_MINUTES],
    );
    if (!batch.started) return;
    await this.outbox.add(
      em,
      'member-notice.send',
      { requestId: action.requestId, round: batch.round },
      { delayMs: Number(batch.delay_ms), jobId: MemberNoticesService.jobId(action.requestId, batch.round) },
    );
  }

  /** Of these threads or requests of a member, those with news the member has not read. */
  private async unread(ownerKey: string, subjectIds: string[]): Promise<Set<string>> {
    const memberId = memberOf(ownerKey);
    const ids = subjectIds.filter((id) => UUID.test(id));
    if (!memberId || ids.length === 0) return new Set();
    const rows = await this.em.getConnection().execute<Array<{ subject_id: string }>>(
      `select subject_id from member_reads
          where member_id = ? and subject_id = any(?::uuid[]) and news_at > coalesce(read_at, '-infinity')`,
      [memberId, uuidList(ids)],
    );
    return new Set(rows.map((row) => row.subject_id));
  }

  /**
   * The rows (threads or requests of the owner) with `unread` for a member; a house-password
   * session's rows are answered as they are.
   */
  async marked<T extends { id: string }>(ownerKey: string, rows: T[]): Promise<Array<T & { unread?: boolean }>> {
    if (!memberOf(ownerKey)) return rows;
    const unread = await this.unread(
      ownerKey,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, unread: unread.has(row.id) }));
  }

  /** The member opened a thread (and so read its requests' news) or a request. */
  async markRead(memberId: string, subject: { threadId?: string; requestId?: string }): Promise<void> {
    const ids = [subject.threadId, subject.requestId].filter((id): id is string => !!id && UUID.test(id));
    if (ids.length === 0) return;
    await this.em.getConnection().execute(
      `update member_reads set read_at = greatest(now(), news_at)
        where member_id = ? and (subject_id = any(?::uuid[]) or thread_id = any(?::uuid[]))`,
      [memberId, uuidList(ids), uuidList(subject.threadId ? [subject.threadId] : [])],
    );
  }

  /**
   * A round's job: takes what is pending for the request (unless an earlier run of this round took
   * it), keeps for the email only what the member has not read, and sends nothing while the member
   * has the concierge open (they see the unread marks) or when everything is read.
   */
  async send(requestId: string, round: number, job?: Job): Promise<void> {
    const key = MemberNoticesService.deliveryKey(requestId, round);
    const taken = await this.em.fork().transactional(async (em) => {
      const [batch] = await em.execute<
        Array<{ member_id: string; thread_id: string; round: number; pending: boolean }>
      >(
        `select member_id, thread_id, round, pending_since is not null as pending
           from member_notice_batches where request_id = ? for update`,
        [requestId],
      );
      if (!batch) return null;
      if (batch.round === round && batch.pending) {
        const away = !(await this.presence.connected(`${MEMBER_OWNER}${batch.member_id}`));
        const [sent] = await em.execute<Array<{ n: number }>>(
          `with mark as (
             select max(read_at) as at from member_reads
              where member_id = ? and subject_id = any(array[?, ?]::uuid[]))
           , taken as (
             update member_notice_items i set round = ?,
                    emailed = ? and i.created_at > coalesce((select at from mark), '-infinity')
              where i.request_id = ? and i.round is null
             returning emailed)
           select count(*) filter (where emailed)::int as n from taken`,
          [batch.member_id, requestId, batch.thread_id, round, away, requestId],
        );
        await em.execute(
          `update member_notice_batches set pending_since = null,
                  last_sent_at = case when ? then now() else last_sent_at end
            where request_id = ?`,
          [sent.n > 0, requestId],
        );
      }
      // A retry after a failed send finds what its first run took.
      const [count] = await em.execute<Array<{ n: number }>>(
        'select count(*)::int as n from member_notice_items where request_id = ? and round = ? and emailed',
        [requestId, round],
      );
      return count.n > 0 ? { memberId: batch.member_id, threadId: batch.thread_id } : null;
    });
    if (!taken) return;
    const member = await this.members.contact(taken.memberId);
    if (!member) return;
    await this.emails.deliverOnce(
      key,
      { kind: 'member.notice', recipient: member.email, category: 'digests' },
      (links) => this.render(requestId, round, taken.threadId, member, links),
      { job },
    );
  }

  private async render(
    requestId: string,
    round: number,
    threadId: string,
    member: { name: string; email: string },
    unsubscribe?: UnsubscribeLinks,
  ) {
    const lines = await this.em.fork().execute<NoticeLine[]>(
      `select kind, author, text from member_notice_items
          where request_id = ? and round = ? and emailed order by created_at, id`,
      [requestId, round],
    );
    const request = await this.requests.get(requestId).catch(() => null);
    const appUrl = this.config.APP_URL.replace(/\/$/, '');
    return {
      to: member.email,
      ...renderMemberNotice({
        brand: this.config.BRAND_NAME,
        appUrl,
        name: member.name,
        about: request?.parsedEntities ?? null,
        lines,
        link: `${appUrl}/concierge?thread=${encodeURIComponent(threadId)}`,
        unsubscribe,
      }),
    };
  }
}
