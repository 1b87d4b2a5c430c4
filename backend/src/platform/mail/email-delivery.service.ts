import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { JobName, JobPayloads } from '../queue/job-payloads';
import { pgTextArray } from '../../common/pg-array';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { OutboxService } from '../queue/outbox.service';
import { EmailDelivery } from './email-delivery.entity';
import { MAIL_CONSENT, type MailCategory, type MailConsent, type UnsubscribeLinks } from './mail-consent';
import { MailTransport, type OutgoingEmail } from './mail-transport';

/*
 * A claim lasts EMAIL_SEND_LEASE_SECONDS without news from its worker. The worker renews it every
 * third of that while it talks to the SMTP server, so only a worker that stopped (killed,
 * crashed, cut off from the database) lets it run out. Then the send was interrupted, and its
 * outcome is unknown: the mail server may have accepted the message before the worker could
 * record it. Nothing sends it again on its own (each email at most once); an administrator may.
 */
/** A job that finds another live claim looks again after at most this long (not a failed try). */
const IN_FLIGHT_RECHECK_MS = 2_000;

export const OUTCOME_UNKNOWN =
  'Outcome unknown: sending was interrupted (the worker stopped) before the mail server answered, so the message may have been delivered';

/** How a skipped delivery names the category its recipient left. */
const CATEGORY_NAMES: Record<MailCategory, string> = {
  updates: 'updates',
  'event-invitations': 'event invitations',
  digests: 'digests',
};

export type DeliveryOutcome =
  { sent: true; messageId: string } | { sent: false; reason: 'already-sent' | 'skipped' | 'outcome-unknown' };

/** Another worker holds a live claim on this email: try again later (the queue retries it). */
export class DeliveryInFlightError extends Error {
  constructor(key: string) {
    super(`Another worker is sending ${key} right now; checking again later`);
    this.name = 'DeliveryInFlightError';
  }
}

/**
 * A hard refusal: the SMTP server answered 5xx, so sending the same message again would be
 * refused again. 'bounced' when it refused the recipient (RCPT TO: no such mailbox).
 */
export function permanentSmtpFailure(error: unknown): { bounced: boolean } | null {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  if (typeof code !== 'number' || code < 500 || code > 599) return null;
  return { bounced: (error as { code?: unknown }).code === 'EENVELOPE' };
}

/** True when this run of the job is its last try: a failure now is final. */
export function isFinalAttempt(job: Job | undefined): boolean {
  if (!job) return false;
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/**
 * The status an operator should read: a claim whose lease ran out is an interrupted send,
 * 'unknown' (with OUTCOME_UNKNOWN), until its worker after all, or a send an administrator asks
 * for, records what happened. `alias` is the email_deliveries alias of the caller's query.
 */
export function effectiveDeliverySql(alias: string): { status: string; error: string; final: string } {
  const interrupted = `(${alias}.status = 'sending' and ${alias}.lease_expires_at < now())`;
  return {
    status: `case when ${interrupted} then 'unknown' else ${alias}.status end`,
    error: `case when ${interrupted} then '${OUTCOME_UNKNOWN}' else ${alias}.last_error end`,
    final: `(${interrupted} or ${alias}.gave_up_at is not null)`,
  };
}

/** A delivery as its readers see it: effectiveDeliverySql's status, error and finality. */
export interface EffectiveDelivery {
  status: string;
  attempts: number;
  error: string | null;
  final: boolean | null;
  bounced: boolean | null;
}

/**
 * Sends each email at most once. `queue()` records the promise (status queued) and its job in
 * the caller's transaction; the job calls `deliverOnce()`, which claims the row atomically under a
 * lease, sends, then marks it sent, or failed with the reason (and rethrows so the queue retries).
 * A claim is never taken over, so one email never goes out twice: a worker that dies mid-send
 * leaves a lease that runs out, the send reads 'unknown', and only `allowResend()` (an
 * administrator's decision) queues it again.
 */
@Injectable()
export class EmailDeliveryService {
  private readonly logger = new Logger(EmailDeliveryService.name);

  constructor(
    private readonly outbox: OutboxService,
    private readonly transport: MailTransport,
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(MAIL_CONSENT) private readonly consent?: MailConsent,
  ) {}

  /**
   * Which of these delivery keys stand at one of these effective statuses (an interrupted send
   * reads 'unknown'), in the caller's transaction: the read other modules use instead of
   * querying email_deliveries themselves.
   */
  async keysWithStatus(em: EntityManager, keys: string[], statuses: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const effective = effectiveDeliverySql('d');
    const rows = await em.execute<Array<{ key: string }>>(
      `select key from email_deliveries d where key = any(?::text[]) and ${effective.status} = any(?::text[])`,
      [pgTextArray(keys), pgTextArray(statuses)],
    );
    return new Set(rows.map((r) => r.key));
  }

  /**
   * The effective state of these deliveries by key (an interrupted send reads 'unknown', with
   * OUTCOME_UNKNOWN as its error), in one query: the read other modules use instead of joining
   * email_deliveries themselves. A key never queued is absent.
   */
  async effectiveByKey(keys: string[]): Promise<Map<string, EffectiveDelivery>> {
    if (keys.length === 0) return new Map();
    const effective = effectiveDeliverySql('d');
    const rows = await this.em.getConnection().execute<Array<EffectiveDelivery & { key: string }>>(
      `select d.key, ${effective.status} as status, d.attempts, ${effective.error} as error,
              ${effective.final} as final, d.bounced
         from email_deliveries d
        where d.key = any(?::text[])`,
      [pgTextArray(keys)],
    );
    return new Map(rows.map(({ key, ...state }) => [key, state]));
  }

  async queue<N extends JobName>(
    em: EntityManager,
    email: { key: string; kind: string; recipient: string },
    job: N,
    payload: JobPayloads[N],
  ): Promise<void> {
    // A delivery being sent right now keeps its claim: the new job will find it sent, or take it
    // over if that worker stops.
    await em.execute(
      `insert into email_deliveries (id, key, kind, recipient, status, attempts, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, 'queued', 0, now(), now())
       on conflict (key) do update set
         status = case when email_deliveries.status in ('sent', 'sending') then email_deliveries.status else 'queued' end,
         gave_up_at = null, updated_at = now()`,
      [email.key, email.kind, email.recipient],
    );
    await this.outbox.add(em, job, payload);
  }

  /** `queue()` for many emails of one kind at once: two statements, whatever their number. */
  async queueMany<N extends JobName>(
    em: EntityManager,
    kind: string,
    emails: Array<{ key: string; recipient: string; payload: JobPayloads[N] }>,
    job: N,
  ): Promise<void> {
    if (emails.length === 0) return;
    await em.execute(
      `insert into email_deliveries (id, key, kind, recipient, status, attempts, created_at, updated_at)
       select gen_random_uuid(), k, ?, r, 'queued', 0, now(), now() from unnest(?::text[], ?::text[]) as t(k, r)
       on conflict (key) do update set
         status = case when email_deliveries.status in ('sent', 'sending') then email_deliveries.status else 'queued' end,
         gave_up_at = null, bounced = false, updated_at = now()`,
      [kind, pgTextArray(emails.map((e) => e.key)), pgTextArray(emails.map((e) => e.recipient))],
    );
    await this.outbox.addMany(
      em,
      job,
      emails.map((e) => e.payload),
    );
  }

  /**
   * Sends the email unless it was sent (or skipped) already. Pass the job when there is one: a
   * job that finds another worker's live claim is then put back to wait without using up a try,
   * and a failure on its last try is recorded as final.
   *
   * An email with a `category` (not strictly transactional: see MailCategory) is recorded as
   * skipped when its recipient left that category, and otherwise carries List-Unsubscribe and
   * List-Unsubscribe-Post (RFC 8058 one-click) headers; `render` is handed the recipient's links,
   * for the footer (renderBrandEmail's `unsubscribe`).
   */
  async deliverOnce(
    key: string,
    meta: { kind: string; recipient: string; category?: MailCategory },
    render: (links?: UnsubscribeLinks) => Promise<OutgoingEmail> | OutgoingEmail,
    options: { job?: Job } = {},
  ): Promise<DeliveryOutcome> {
    const em = this.em.fork();
    const token = randomUUID();
    // Recorded and claimed in one statement: a new delivery starts claimed; a queued or failed one
    // is claimed; one sent, skipped or held by another claim is left as it is (no row returned).
    const claimed = await em.execute<Array<{ id: string }>>(
      `insert into email_deliveries (id, key, kind, recipient, status, attempts, claim_token, claimed_at,
                                     lease_expires_at, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, 'sending', 1, ?, now(), now() + make_interval(secs => ?), now(), now())
       on conflict (key) do update
          set status = 'sending', claim_token = excluded.claim_token, claimed_at = now(),
              lease_expires_at = excluded.lease_expires_at, attempts = email_deliveries.attempts + 1,
              gave_up_at = null, updated_at = now()
        where email_deliveries.status in ('queued', 'failed')
       returning id`,
      [key, meta.kind, meta.recipient, token, this.config.EMAIL_SEND_LEASE_SECONDS],
    );
    if (claimed.length === 0) return this.notClaimed(em, key, options.job);

    const renewal = setInterval(
      () => {
        em.getConnection()
          .execute(
            `update email_deliveries set lease_expires_at = now() + make_interval(secs => ?)
            where key = ? and claim_token = ? and status = 'sending'`,
            [this.config.EMAIL_SEND_LEASE_SECONDS, key, token],
          )
          .catch((error: Error) => this.logger.warn(`Could not renew the claim on ${key}: ${error.message}`));
      },
      (this.config.EMAIL_SEND_LEASE_SECONDS * 1000) / 3,
    );
    renewal.unref();
    try {
      // Asked under the claim: a failed answer (the database away) fails this try, and the queue retries.
      const category = this.consent ? meta.category : undefined;
      if (this.consent && category && !(await this.consent.allows(meta.recipient, category))) {
        await em.execute(
          `update email_deliveries
              set status = 'skipped', last_error = ?, claim_token = null, lease_expires_at = null, updated_at = now()
            where key = ? and claim_token = ? and status = 'sending'`,
          [`The recipient unsubscribed from ${CATEGORY_NAMES[category]}`, key, token],
        );
        return { sent: false, reason: 'skipped' };
      }
      const links = this.consent && category ? this.consent.unsubscribeFor(meta.recipient, category) : undefined;
      const email = await render(links);
      const messageId = await this.transport.send(
        links
          ? {
              ...email,
              headers: {
                ...email.headers,
                'List-Unsubscribe': `<${links.oneClickUrl}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }
          : email,
      );
      // Accepted by the SMTP server: that is the truth, whoever holds the claim now.
      await em.execute(
        `update email_deliveries
            set status = 'sent', sent_at = coalesce(sent_at, now()), message_id = coalesce(message_id, ?),
                last_error = null, claim_token = null, lease_expires_at = null, gave_up_at = null, updated_at = now()
          where key = ?`,
        [messageId, key],
      );
      return { sent: true, messageId };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // A 5xx is final at once: retrying would only be refused again.
      const permanent = permanentSmtpFailure(error);
      await em.execute(
        `update email_deliveries
            set status = 'failed', last_error = ?, claim_token = null, lease_expires_at = null,
                gave_up_at = case when ? then now() end, bounced = ?, updated_at = now()
          where key = ? and claim_token = ? and status = 'sending'`,
        [
          reason.slice(0, 1000),
          Boolean(permanent) || isFinalAttempt(options.job),
          permanent?.bounced ?? false,
          key,
          token,
        ],
      );
      if (permanent) throw new UnrecoverableError(reason);
      throw error;
    } finally {
      clearInterval(renewal);
    }
  }

  private async notClaimed(em: EntityManager, key: string, job: Job | undefined): Promise<DeliveryOutcome> {
    const existing = await em.findOne(EmailDelivery, { key });
    if (existing?.status === 'sent') return { sent: false, reason: 'already-sent' };
    if (existing?.status === 'skipped') return { sent: false, reason: 'skipped' };
    // A dead worker's claim: the message may have gone out. Not sent again without a person's say.
    if (existing?.leaseExpiresAt && existing.leaseExpiresAt.getTime() < Date.now()) {
      this.logger.warn(`${key}: ${OUTCOME_UNKNOWN}; not sent again unless an administrator asks`);
      return { sent: false, reason: 'outcome-unknown' };
    }
    // Another worker holds a live claim: look again once it has had time to finish (or its lease
    // has run out), without using up one of this job's tries when we can.
    if (job?.token) {
      const leaseLeft = (existing?.leaseExpiresAt?.getTime() ?? Date.now()) - Date.now();
      await job.moveToDelayed(Date.now() + Math.min(Math.max(leaseLeft + 250, 1000), IN_FLIGHT_RECHECK_MS), job.token);
      throw new DelayedError();
    }
    throw new DeliveryInFlightError(key);
  }

  /**
   * Records that an email will not be sent, with the reason (e.g. the RSVP changed before its
   * confirmation went out), unless it went out already, is being sent right now, or may have
   * gone out (an interrupted send stays 'unknown').
   */
  async skip(key: string, meta: { kind: string; recipient: string }, reason: string): Promise<void> {
    await this.em.fork().execute(
      `insert into email_deliveries (id, key, kind, recipient, status, attempts, last_error, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, 'skipped', 0, ?, now(), now())
       on conflict (key) do update set status = 'skipped', last_error = excluded.last_error, updated_at = now()
        where email_deliveries.status in ('queued', 'failed')`,
      [key, meta.kind, meta.recipient, reason.slice(0, 1000)],
    );
  }

  /**
   * The job failed on its last try before it could claim the email (e.g. the database was away):
   * mark it failed for good with the reason, so nobody waits for it.
   */
  async giveUp(key: string, reason: string): Promise<void> {
    await this.em.fork().execute(
      `update email_deliveries
          set status = 'failed', last_error = coalesce(last_error, ?), gave_up_at = now(),
              claim_token = null, lease_expires_at = null, updated_at = now()
        where key = ? and status in ('queued', 'failed')`,
      [reason.slice(0, 1000), key],
    );
  }

  /**
   * An administrator asks for an email to be sent again, knowing how the last send ended
   * (failed, skipped, or interrupted with its outcome unknown): the delivery starts afresh, in the
   * caller's transaction, before `queue()` adds its job. A send in progress or done is left alone.
   */
  async allowResend(em: EntityManager, key: string): Promise<void> {
    await em.execute(
      `update email_deliveries
          set status = 'queued', attempts = 0, last_error = null, gave_up_at = null, bounced = false, claim_token = null,
              lease_expires_at = null, updated_at = now()
        where key = ? and (status in ('failed', 'skipped') or (status = 'sending' and lease_expires_at < now()))`,
      [key],
    );
  }

  /** Whether any of these emails has gone out (e.g. an earlier confirmation of the same RSVP). */
  async anySent(keys: string[]): Promise<boolean> {
    if (keys.length === 0) return false;
    return (await this.em.fork().count(EmailDelivery, { key: { $in: keys }, status: 'sent' })) > 0;
  }

  async status(key: string): Promise<EmailDelivery | null> {
    return this.em.fork().findOne(EmailDelivery, { key });
  }

  /** Every email recorded for these addresses (lower case), oldest first: part of a person's data export. */
  async deliveriesTo(
    em: EntityManager,
    addresses: string[],
  ): Promise<Array<{ kind: string; status: string; createdAt: string; sentAt: string | null }>> {
    if (addresses.length === 0) return [];
    const rows = await em.execute<Array<{ kind: string; status: string; created_at: Date; sent_at: Date | null }>>(
      `select kind, status, created_at, sent_at from email_deliveries
        where lower(recipient) = any(?::text[]) order by created_at, id`,
      [pgTextArray(addresses)],
    );
    return rows.map((r) => ({
      kind: r.kind,
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
      sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
    }));
  }

  /**
   * An erasure, in the caller's transaction: the records of emails to these addresses (lower case)
   * keep their kind and dates (each email still goes out at most once), but the recipient reads
   * 'erased' and the mail server's last answer, which may quote the address, is dropped. One still
   * waiting to be sent (queued, or failed and to be tried again) is skipped: it never goes out.
   */
  async forgetRecipients(em: EntityManager, addresses: string[]): Promise<number> {
    if (addresses.length === 0) return 0;
    const rows = await em.execute<Array<{ id: string }>>(
      `update email_deliveries
          set recipient = 'erased',
              last_error = case when status in ('queued', 'failed') then ? else null end,
              status = case when status in ('queued', 'failed') then 'skipped' else status end,
              updated_at = now()
        where lower(recipient) = any(?::text[]) returning id`,
      ['Not sent: the recipient’s data was erased', pgTextArray(addresses)],
    );
    return rows.length;
  }

  /**
   * Deletes the records of these emails, in the caller's transaction: for a module that deletes
   * what they were about (the waitlist's unconfirmed sign-ups after their days), so no address
   * outlives it here. Answers how many were deleted.
   */
  async deleteByKeys(em: EntityManager, keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const rows = await em.execute<Array<{ id: string }>>(
      `delete from email_deliveries where key = any(?::text[]) returning id`,
      [pgTextArray(keys)],
    );
    return rows.length;
  }

  /**
   * Deletes the records of emails whose keys start with one of `prefixes` (e.g. every
   * `waitlist.confirm-again:<id>:<day>` of an entry), in the caller's transaction, for the same
   * reason as deleteByKeys. Answers how many were deleted.
   */
  async deleteByKeyPrefixes(em: EntityManager, prefixes: string[]): Promise<number> {
    if (prefixes.length === 0) return 0;
    const patterns = prefixes.map((prefix) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const rows = await em.execute<Array<{ id: string }>>(
      `delete from email_deliveries where key like any(?::text[]) returning id`,
      [pgTextArray(patterns)],
    );
    return rows.length;
  }
}
