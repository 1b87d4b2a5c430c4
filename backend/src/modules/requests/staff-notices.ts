import { formatTime } from '@maison/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EntityManager as RootEntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module';
import { adminNotifyAddress, type AppConfig } from '../../config/environment';
import type { ParsedEntities } from '../../platform/ai/types';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { renderBrandEmail } from '../../platform/mail/email-layout';
import { OutboxService } from '../../platform/queue/outbox.service';
import { parseRequest } from '../concierge-language';

/** A digest covers one minute: ten requests in that minute are one email. */
const WINDOW_MS = 60_000;
/** The window's job runs this long after it closes, so a transaction that recorded a notice just before has committed. */
const GRACE_MS = 2_000;
/** Notices record and digests claim under this lock (shared, exclusive): a claim sees every notice of its windows. */
const LOCK = 'staff-notices';
const EXCERPT = 90;

export type StaffNotice = { kind: 'request'; requestId: string } | { kind: 'handoff'; threadId: string };

interface NoticeRow {
  kind: 'request' | 'handoff';
  created_at: Date;
  text: string | null;
  parsed_entities: ParsedEntities | null;
}

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT ? `${line.slice(0, EXCERPT - 1).trimEnd()}…` : line;
}

/** One line of the digest: category, place and when of a request; a hand-off says so. */
function describe(row: NoticeRow): [string, string] {
  const at = `${formatTime(row.created_at, 'UTC')} UTC`;
  if (row.kind === 'handoff') {
    const about = row.text ? ` (about “${excerpt(row.text)}”)` : '';
    return [at, `A member asked for a person${about}`];
  }
  const entities = row.parsed_entities ?? parseRequest(row.text ?? '');
  const category = entities.mainCategory === 'default' ? 'Request' : capitalise(entities.mainCategory);
  const facts = [category, entities.location, entities.timeline].filter(Boolean).join(' · ');
  return [at, `${facts}: “${excerpt(row.text ?? '')}”`];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Staff hear of a new request or a hand-off by email to ADMIN_NOTIFY_EMAIL (the console hears of
 * them live), batched: a notice is recorded in the transaction that records its cause, with one
 * delayed job per minute (a job id per window, so more notices in the window add no job). The job
 * claims every notice still pending up to its window for the digest's delivery key, then sends the
 * digest once through the email deliveries: each notice is in one digest only.
 */
@Injectable()
export class StaffNotices {
  constructor(
    private readonly em: RootEntityManager,
    private readonly outbox: OutboxService,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  static jobId(minute: number): string {
    return `staff-digest.${minute}`;
  }

  private static deliveryKey(minute: number): string {
    return `staff-digest:${minute}`;
  }

  /** Records a notice in the caller's transaction and makes sure its window's digest is planned. */
  async note(em: EntityManager, notice: StaffNotice): Promise<void> {
    await em.execute('select pg_advisory_xact_lock_shared(hashtext(?))', [LOCK]);
    // The window by the database's clock, read under the lock, and after every window whose
    // digest ran already (one run early, e.g. moved on by hand, closed its window): the notice's
    // job is one that has not run yet.
    const [row] = await em.execute<Array<{ minute: string }>>(
      `insert into staff_notices (id, kind, request_id, thread_id, minute)
       values (gen_random_uuid(), ?, ?, ?, greatest(floor(extract(epoch from clock_timestamp()) * 1000 / ?),
               (select max(digest_minute) + 1 from staff_notices)))
       returning minute`,
      [
        notice.kind,
        notice.kind === 'request' ? notice.requestId : null,
        notice.kind === 'handoff' ? notice.threadId : null,
        WINDOW_MS,
      ],
    );
    const minute = Number(row.minute);
    const delayMs = Math.max(0, (minute + 1) * WINDOW_MS - Date.now()) + GRACE_MS;
    await this.outbox.add(em, 'staff.digest', { minute }, { delayMs, jobId: StaffNotices.jobId(minute) });
  }

  /**
   * The window's job: claims what is pending up to its window (unless its digest went out or is
   * going out already), then sends the digest once. Nothing pending (an earlier job of a later
   * window took it): no email.
   */
  async sendDigest(minute: number, job?: Job): Promise<void> {
    const key = StaffNotices.deliveryKey(minute);
    const to = adminNotifyAddress(this.config);
    const claimed = await this.em.fork().transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [LOCK]);
      const settled = await this.emails.keysWithStatus(em, [key], ['sent', 'sending', 'unknown', 'skipped']);
      // A retry after a failed send takes what came in since into the same digest.
      if (!settled.has(key)) {
        await em.execute(
          'update staff_notices set digest_key = ?, digest_minute = ? where digest_key is null and minute <= ?',
          [key, minute, minute],
        );
      }
      const [count] = await em.execute<Array<{ n: number }>>(
        'select count(*)::int as n from staff_notices where digest_key = ?',
        [key],
      );
      return count.n;
    });
    if (claimed === 0) return;
    await this.emails.deliverOnce(key, { kind: 'staff.digest', recipient: to }, () => this.render(key, to), { job });
  }

  private async render(key: string, to: string) {
    const rows = await this.em.fork().execute<NoticeRow[]>(
      `select n.kind, n.created_at, coalesce(r.text, t.text) as text, r.parsed_entities
         from staff_notices n
         left join user_requests r on r.id = n.request_id
         left join lateral (select text from user_requests u where u.thread_id = n.thread_id
                             order by u.created_at desc limit 1) t on n.kind = 'handoff'
        where n.digest_key = ?
        order by n.created_at, n.id`,
      [key],
    );
    const requests = rows.filter((r) => r.kind === 'request').length;
    const handoffs = rows.length - requests;
    const counts = [
      requests ? plural(requests, 'new request', 'new requests') : null,
      handoffs ? plural(handoffs, 'member asked for a person', 'members asked for a person') : null,
    ]
      .filter(Boolean)
      .join(', ');
    const brand = this.config.BRAND_NAME;
    const body = renderBrandEmail({
      brand,
      appUrl: this.config.APP_URL,
      preheader: `${capitalise(counts)}.`,
      heading: 'New at the Concierge Desk',
      paragraphs: [`Since the last notice: ${counts}. They await you in the Requests tab of the admin dashboard.`],
      details: rows.map(describe),
      action: { label: 'Open the Console', url: `${this.config.APP_URL.replace(/\/$/, '')}/admin` },
      signOff: `${brand} Concierge Desk`,
    });
    return { to, subject: `${brand} concierge desk: ${counts}`, ...body };
  }
}
