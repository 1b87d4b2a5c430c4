import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PreparedStatement } from '../../platform/database/prepared-statement';
import { WriteCoalescer } from '../../platform/database/write-coalescer';
import { jobQueue } from '../../platform/queue/job-payloads';
import { OutboxRelay } from '../../platform/queue/outbox-relay.service';
import type { JoinWaitlistInput } from './dto/join-waitlist.input';
import { JOIN_WAITLIST_SQL, joinWaitlistParameters, type SignUpColumns } from './join-waitlist.sql';
import { WaitlistEntry } from './waitlist-entry.entity';

export type JoinOutcome = 'joined' | 'already-joined' | 'ignored';

const joinWaitlist = new PreparedStatement<{ id: string; email: string }>('join_waitlist', JOIN_WAITLIST_SQL);

/**
 * Sign-ups in one batch at most, and batches at the database at once (of the pool's 10
 * connections, the rest stay free for the outbox relay and every other request).
 */
const MAX_BATCH = 100;
const MAX_BATCHES_IN_FLIGHT = 4;

@Injectable()
export class WaitlistService {
  private readonly signUps = new WriteCoalescer<SignUpColumns, Exclude<JoinOutcome, 'ignored'>>(
    (batch) => this.write(batch),
    { maxBatch: MAX_BATCH, maxInFlight: MAX_BATCHES_IN_FLIGHT },
  );

  constructor(
    private readonly em: EntityManager,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * Adds a sign-up once per email. Signing up again changes nothing (the first attribution is
   * kept); a filled honeypot is accepted silently and stored nowhere, so bots learn nothing.
   * Sign-ups arriving together are written together (WriteCoalescer).
   */
  async join(input: JoinWaitlistInput): Promise<JoinOutcome> {
    if (input.bot_check && input.bot_check.trim() !== '') return 'ignored';
    return this.signUps.submit([
      input.email.trim().toLowerCase(),
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
    ]);
  }

  async findById(id: string): Promise<WaitlistEntry | null> {
    return this.em.fork().findOne(WaitlistEntry, { id });
  }

  /** One statement for the batch; of two sign-ups with the same email, the earlier one counts. */
  private async write(batch: SignUpColumns[]): Promise<Array<Exclude<JoinOutcome, 'ignored'>>> {
    const firstOfEmail = new Map<string, SignUpColumns>();
    for (const signUp of batch) if (!firstOfEmail.has(signUp[0])) firstOfEmail.set(signUp[0], signUp);
    const rows = await joinWaitlist.run(
      this.em,
      joinWaitlistParameters([...firstOfEmail.values()], jobQueue('waitlist.welcome')),
    );
    if (rows.length > 0) this.relay.nudge();
    const added = new Set(rows.map((row) => row.email));
    return batch.map((signUp) =>
      firstOfEmail.get(signUp[0]) === signUp && added.has(signUp[0]) ? 'joined' : 'already-joined',
    );
  }
}
