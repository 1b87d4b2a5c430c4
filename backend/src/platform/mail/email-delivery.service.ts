import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { JobName, JobPayloads } from '../queue/job-payloads';
import { OutboxService } from '../queue/outbox.service';
import { EmailDelivery } from './email-delivery.entity';
import { MailTransport, type OutgoingEmail } from './mail-transport';

/** A claimed delivery whose SMTP session died mid-way may be retried after this long. */
const STALE_CLAIM_MINUTES = 5;

export type DeliveryOutcome = { sent: true; messageId: string } | { sent: false; reason: 'already-sent' | 'in-flight' };

/**
 * Sends each email at most once. `queue()` records the promise (status queued) and its job in
 * the caller's transaction; the job calls `deliverOnce()`, which claims the row atomically,
 * sends, then marks it sent, or failed with the reason (and rethrows so the queue retries).
 */
@Injectable()
export class EmailDeliveryService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly transport: MailTransport,
    private readonly em: EntityManager,
  ) {}

  async queue<N extends JobName>(
    em: EntityManager,
    email: { key: string; kind: string; recipient: string },
    job: N,
    payload: JobPayloads[N],
  ): Promise<void> {
    await em.execute(
      `insert into email_deliveries (id, key, kind, recipient, status, attempts, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, 'queued', 0, now(), now())
       on conflict (key) do update set status = case when email_deliveries.status = 'sent' then 'sent' else 'queued' end,
         updated_at = now()`,
      [email.key, email.kind, email.recipient],
    );
    await this.outbox.add(em, job, payload);
  }

  async deliverOnce(
    key: string,
    meta: { kind: string; recipient: string },
    render: () => Promise<OutgoingEmail> | OutgoingEmail,
  ): Promise<DeliveryOutcome> {
    const em = this.em.fork();
    await em.execute(
      `insert into email_deliveries (id, key, kind, recipient, status, attempts, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, 'queued', 0, now(), now()) on conflict (key) do nothing`,
      [key, meta.kind, meta.recipient],
    );
    const claimed = await em.execute<Array<{ id: string }>>(
      `update email_deliveries set status = 'sending', claimed_at = now(), attempts = attempts + 1, updated_at = now()
        where key = ? and (status in ('queued', 'failed')
          or (status = 'sending' and claimed_at < now() - interval '${STALE_CLAIM_MINUTES} minutes'))
        returning id`,
      [key],
    );
    if (claimed.length === 0) {
      const existing = await em.findOne(EmailDelivery, { key });
      return { sent: false, reason: existing?.status === 'sent' ? 'already-sent' : 'in-flight' };
    }
    try {
      const email = await render();
      const messageId = await this.transport.send(email);
      await em.execute(
        `update email_deliveries set status = 'sent', sent_at = now(), message_id = ?, last_error = null, updated_at = now() where key = ?`,
        [messageId, key],
      );
      return { sent: true, messageId };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await em.execute(
        `update email_deliveries set status = 'failed', last_error = ?, updated_at = now() where key = ?`,
        [reason.slice(0, 1000), key],
      );
      throw error;
    }
  }

  async status(key: string): Promise<EmailDelivery | null> {
    return this.em.fork().findOne(EmailDelivery, { key });
  }
}
