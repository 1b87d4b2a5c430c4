import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { jobQueue } from '../../platform/queue/job-payloads';
import { OutboxRelay } from '../../platform/queue/outbox-relay.service';
import { JoinWaitlistDto } from './dto/join-waitlist.dto';
import { WaitlistEntry } from './waitlist-entry.entity';

export type JoinOutcome = 'joined' | 'already-joined' | 'ignored';

@Injectable()
export class WaitlistService {
  constructor(
    private readonly em: EntityManager,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * Adds a sign-up once per email. Signing up again changes nothing (the first attribution is
   * kept); a filled honeypot is accepted silently and stored nowhere, so bots learn nothing.
   */
  async join(input: JoinWaitlistDto): Promise<JoinOutcome> {
    if (input.bot_check && input.bot_check.trim() !== '') return 'ignored';
    const email = input.email.trim().toLowerCase();
    // The sign-up, its welcome-email delivery record and the outbox row for the email job are
    // written by ONE statement, hence one transaction and one round trip: the landing page's
    // hottest write stays close to a bare insert (see npm run bench:waitlist).
    const rows = await this.em.getConnection().execute<Array<{ id: string }>>(
      `with entry as (
         insert into waitlist_entries
           (id, email, full_name, phone_number, consent, source, utm_source, utm_medium, utm_campaign,
            utm_term, utm_content, ref, submitted_at, created_at)
         values (gen_random_uuid(), ?, ?, ?, ?, 'landing', ?, ?, ?, ?, ?, ?, ?, now())
         on conflict (email) do nothing
         returning id, email
       ), delivery as (
         insert into email_deliveries (id, key, kind, recipient, status, attempts, created_at, updated_at)
         select gen_random_uuid(), 'waitlist.welcome:' || entry.id, 'waitlist.welcome', entry.email, 'queued', 0, now(), now()
           from entry
       ), job as (
         insert into outbox_messages (id, queue, job_name, payload, delay_ms, created_at)
         select gen_random_uuid(), ?, 'waitlist.welcome', jsonb_build_object('entryId', entry.id), 0, now()
           from entry
       )
       select id from entry`,
      [
        email,
        input.fullName || null,
        input.phoneNumber || null,
        input.consent,
        input.utmSource || null,
        input.utmMedium || null,
        input.utmCampaign || null,
        input.utmTerm || null,
        input.utmContent || null,
        input.ref || null,
        input.timestamp ? new Date(input.timestamp) : null,
        jobQueue('waitlist.welcome'),
      ],
    );
    if (rows.length === 0) return 'already-joined';
    this.relay.nudge();
    return 'joined';
  }

  async findById(id: string): Promise<WaitlistEntry | null> {
    return this.em.fork().findOne(WaitlistEntry, { id });
  }
}
