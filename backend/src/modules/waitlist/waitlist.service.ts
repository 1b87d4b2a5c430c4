import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PreparedStatement } from '../../platform/database/prepared-statement';
import { WriteCoalescer } from '../../platform/database/write-coalescer';
import { jobQueue } from '../../platform/queue/job-payloads';
import { OutboxRelay } from '../../platform/queue/outbox-relay.service';
import type { JoinWaitlistInput } from './dto/join-waitlist.input';
import { JOIN_WAITLIST_SQL, joinWaitlistParameters, type SignUpColumns } from './join-waitlist.sql';
import type { WaitlistFilter } from './waitlist-filter.dto';
import { waitlistFilterSql } from './waitlist-filter.sql';
import { WaitlistEntry } from './waitlist-entry.entity';

/** What another module may know of a waitlist entry to write to that person. */
export interface WaitlistContact {
  id: string;
  email: string;
  fullName: string | null;
  phone: string | null;
}

export interface WaitlistListedEntry extends WaitlistContact {
  netWorth: number | null;
  source: string;
  utmCampaign: string | null;
  createdAt: string;
}

const FILTER_SORTS: Record<string, string> = {
  '-createdAt': 'w.created_at desc, w.id desc',
  createdAt: 'w.created_at asc, w.id asc',
  email: 'w.email asc, w.id asc',
  '-email': 'w.email desc, w.id desc',
  '-netWorth': 'w.net_worth desc nulls last, w.created_at desc, w.id desc',
  netWorth: 'w.net_worth asc nulls first, w.created_at asc, w.id asc',
};

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

  /**
   * Every entry a filter covers, oldest first, in keyset batches of `batchSize`: only one batch is
   * in memory at a time, however many rows match (10,000 or a million).
   */
  async *iterateMatching(filter: WaitlistFilter, batchSize = 1000): AsyncGenerator<WaitlistContact[]> {
    const where = waitlistFilterSql(filter);
    const connection = this.em.fork().getConnection();
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const rows: Array<{
        id: string;
        email: string;
        full_name: string | null;
        phone_number: string | null;
        created_at: Date;
      }> = await connection.execute(
        `select w.id, w.email, w.full_name, w.phone_number, w.created_at from waitlist_entries w
            where ${where.sql} ${after ? 'and (w.created_at, w.id) > (?, ?)' : ''}
            order by w.created_at asc, w.id asc limit ?`,
        [...where.params, ...(after ? [after.createdAt, after.id] : []), batchSize],
      );
      if (rows.length === 0) return;
      yield rows.map((r) => ({ id: r.id, email: r.email, fullName: r.full_name, phone: r.phone_number }));
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1];
      after = { createdAt: last.created_at, id: last.id };
    }
  }

  /** How many entries a filter covers. */
  async countMatching(filter: WaitlistFilter): Promise<number> {
    const where = waitlistFilterSql(filter);
    const [{ total }] = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ total: number }>>(
        `select count(*)::int as total from waitlist_entries w where ${where.sql}`,
        where.params,
      );
    return total;
  }

  /** A page of the entries a filter covers, with their exact count. */
  async listMatching(
    filter: WaitlistFilter,
    sort: string,
    page: number,
    pageSize: number,
  ): Promise<{ data: WaitlistListedEntry[]; total: number }> {
    const where = waitlistFilterSql(filter);
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<
        Array<{
          id: string;
          email: string;
          full_name: string | null;
          phone_number: string | null;
          net_worth: number | null;
          source: string;
          utm_campaign: string | null;
          created_at: Date;
        }>
      >(
        `select w.id, w.email, w.full_name, w.phone_number, w.net_worth, w.source, w.utm_campaign, w.created_at
           from waitlist_entries w where ${where.sql}
          order by ${FILTER_SORTS[sort] ?? FILTER_SORTS['-createdAt']} limit ? offset ?`,
        [...where.params, pageSize, (page - 1) * pageSize],
      );
    return {
      data: rows.map((r) => ({
        id: r.id,
        email: r.email,
        fullName: r.full_name,
        phone: r.phone_number,
        netWorth: r.net_worth,
        source: r.source,
        utmCampaign: r.utm_campaign,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      total: await this.countMatching(filter),
    };
  }

  /** The sources and UTM campaigns sign-ups came from (the filter's choices), most common first. */
  async filterChoices(): Promise<{ sources: string[]; utmCampaigns: string[] }> {
    const connection = this.em.fork().getConnection();
    const [sources, campaigns] = await Promise.all([
      connection.execute<Array<{ value: string }>>(
        `select source as value from waitlist_entries group by source order by count(*) desc limit 50`,
      ),
      connection.execute<Array<{ value: string }>>(
        `select utm_campaign as value from waitlist_entries where utm_campaign is not null
          group by utm_campaign order by count(*) desc limit 50`,
      ),
    ]);
    return { sources: sources.map((r) => r.value), utmCampaigns: campaigns.map((r) => r.value) };
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
