import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { jobQueue } from '../../platform/queue/job-payloads';
import { OutboxRelay } from '../../platform/queue/outbox-relay.service';
import { JoinWaitlistDto } from './dto/join-waitlist.dto';
import { JOIN_WAITLIST_SQL } from './join-waitlist.sql';
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
    const rows = await this.em
      .getConnection()
      .execute<Array<{ id: string }>>(JOIN_WAITLIST_SQL, [
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
      ]);
    if (rows.length === 0) return 'already-joined';
    this.relay.nudge();
    return 'joined';
  }

  async findById(id: string): Promise<WaitlistEntry | null> {
    return this.em.fork().findOne(WaitlistEntry, { id });
  }
}
