import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { AppError } from '../../common/app-error';
import { pgTextArray } from '../../common/pg-array';
import { normaliseEmail } from '../../common/email-address';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { PreparedStatement } from '../../platform/database/prepared-statement';
import { WriteCoalescer } from '../../platform/database/write-coalescer';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { jobQueue } from '../../platform/queue/job-payloads';
import { OutboxRelay } from '../../platform/queue/outbox-relay.service';
import { ConsentService, subjectKeyOf, WAITLIST_CONFIRM_CONSENT } from '../privacy';
import type { JoinWaitlistInput } from './dto/join-waitlist.input';
import { SIGNED_UP_WITH_REF_QUEUE } from './jobs/signed-up-with-ref.job';
import { JOIN_WAITLIST_SQL, joinWaitlistParameters, type SignUpColumns } from './join-waitlist.sql';
import type { WaitlistFilter } from './waitlist-filter.dto';
import { waitlistFilterSql } from './waitlist-filter.sql';
import { type NominationStatus, WaitlistEntry } from './waitlist-entry.entity';

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
  confirmedAt: string | null;
  nominatedByMemberId: string | null;
  nominationStatus: NominationStatus | null;
  nominationReasons: string[];
}

const FILTER_SORTS: Record<string, string> = {
  '-createdAt': 'w.created_at desc, w.id desc',
  createdAt: 'w.created_at asc, w.id asc',
  email: 'w.email asc, w.id asc',
  '-email': 'w.email desc, w.id desc',
  '-netWorth': 'w.net_worth desc nulls last, w.created_at desc, w.id desc',
  netWorth: 'w.net_worth asc nulls first, w.created_at asc, w.id asc',
  // Nominated first, grouped by member, newest first (the order of waitlist_entries_nominated_by_idx).
  nominatedBy: 'w.nominated_by_member_id asc nulls last, w.created_at desc, w.id desc',
};

export type JoinOutcome = 'joined' | 'already-joined' | 'ignored';

/** An entry a member's nomination brought, as the nominations module shows it. */
export interface NominatedEntry {
  id: string;
  email: string;
  emailNormalised: string;
  fullName: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
  status: NominationStatus;
  reasons: string[];
}

/** What a confirmation link's POST answers. */
export interface ConfirmOutcome {
  /** False when the entry had been confirmed before (the link works again, changing nothing). */
  newlyConfirmed: boolean;
}

export const CONFIRMATION_LINK_INVALID =
  'This confirmation link is not valid any more. It may have been mistyped, or the request it belongs to was removed after 30 days unconfirmed: you are welcome to request access again.';

const joinWaitlist = new PreparedStatement<{ id: string; email_normalised: string }>(
  'join_waitlist_v2',
  JOIN_WAITLIST_SQL,
);

/**
 * Sign-ups in one batch at most, and batches at the database at once (of the pool's 10
 * connections, the rest stay free for the outbox relay and every other request).
 */
const MAX_BATCH = 100;
const MAX_BATCHES_IN_FLIGHT = 4;
/**
 * A repeat sign-up of an unconfirmed entry at least this old sends its confirmation link again
 * (younger, its welcome email is likely still on its way).
 */
const RESEND_AFTER_MINUTES = 2;

@Injectable()
export class WaitlistService {
  private readonly logger = new Logger(WaitlistService.name);
  private readonly signUps = new WriteCoalescer<SignUpColumns, Exclude<JoinOutcome, 'ignored'>>(
    (batch) => this.write(batch),
    { maxBatch: MAX_BATCH, maxInFlight: MAX_BATCHES_IN_FLIGHT },
  );

  constructor(
    private readonly em: EntityManager,
    private readonly relay: OutboxRelay,
    private readonly consent: ConsentService,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Adds a sign-up once per mailbox (addresses compared in their normalised form). Signing up
   * again changes nothing (the first attribution is kept); a filled honeypot is accepted silently
   * and stored nowhere, so bots learn nothing. Sign-ups arriving together are written together
   * (WriteCoalescer). `clientAddress` is kept only as a keyed hash (signUpsFromClient).
   */
  async join(input: JoinWaitlistInput, clientAddress?: string): Promise<JoinOutcome> {
    if (input.bot_check && input.bot_check.trim() !== '') return 'ignored';
    const email = input.email.trim().toLowerCase();
    const id = randomUUID();
    return this.signUps.submit([
      id,
      email,
      normaliseEmail(email),
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
      sha256(this.confirmationToken(id)),
      clientAddress ? this.clientHash(clientAddress) : null,
      subjectKeyOf(this.config.SESSION_SECRET, email),
    ]);
  }

  /**
   * The token of an entry's confirmation link: derived from its id with SESSION_SECRET, so it
   * is stored nowhere (the entry keeps its SHA-256) and travels only in the email; sending the
   * email again gives the same link. A new SESSION_SECRET makes the links of entries still
   * unconfirmed invalid (they can sign up again).
   */
  confirmationToken(entryId: string): string {
    return createHmac('sha256', this.config.SESSION_SECRET)
      .update(`waitlist.confirm.v1.${entryId}`, 'utf8')
      .digest('base64url');
  }

  /** The page the welcome email's 'Confirm your place' button opens (a GET that changes nothing). */
  confirmationUrl(entryId: string): string {
    return `${this.config.APP_URL.replace(/\/+$/, '')}/waitlist/confirm/${this.confirmationToken(entryId)}`;
  }

  /** The keyed hash a client's address is counted by (the address itself is not kept). */
  clientHash(clientAddress: string): string {
    return createHmac('sha256', this.config.SESSION_SECRET).update(`client.v1.${clientAddress}`, 'utf8').digest('hex');
  }

  /**
   * Confirms the entry a link's token names: idempotent (a second POST answers the same and
   * changes nothing). The first confirmation writes the consent ledger's 'confirmed' rows (updates
   * and event invitations, from the email link) in the same transaction. An unknown token (mistyped,
   * altered, or its entry deleted after WAITLIST_UNCONFIRMED_DAYS) is a 404 with a readable message.
   */
  async confirm(token: string): Promise<ConfirmOutcome> {
    const hash = sha256(token);
    return this.em.fork().transactional(async (em) => {
      const [entry] = await em.execute<Array<{ id: string; email: string; confirmed: boolean }>>(
        `select id, email, confirmed_at is not null as confirmed from waitlist_entries
          where confirmation_token_hash = ? for update`,
        [hash],
      );
      if (!entry) throw AppError.notFound(CONFIRMATION_LINK_INVALID, 'CONFIRMATION_LINK_INVALID');
      if (entry.confirmed) return { newlyConfirmed: false };
      await em.execute(`update waitlist_entries set confirmed_at = now() where id = ?`, [entry.id]);
      await this.consent.record(
        em,
        WAITLIST_CONFIRM_CONSENT.purposes.map((purpose) => ({
          email: entry.email,
          subjectType: WAITLIST_CONFIRM_CONSENT.subjectType,
          subjectId: entry.id,
          purpose,
          action: WAITLIST_CONFIRM_CONSENT.action,
          source: WAITLIST_CONFIRM_CONSENT.source,
          wordingVersion: WAITLIST_CONFIRM_CONSENT.wordingVersion,
        })),
      );
      return { newlyConfirmed: true };
    });
  }

  async findById(id: string): Promise<WaitlistEntry | null> {
    return this.em.fork().findOne(WaitlistEntry, { id });
  }

  /**
   * Records how a member's nomination of this entry stands (the nominations module's verdict):
   * credited, or suspect with the fraud checks' reasons. Answers false when the entry is gone.
   */
  async markNomination(
    entryId: string,
    memberId: string,
    status: NominationStatus,
    reasons: string[] = [],
  ): Promise<boolean> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ id: string }>>(
        `update waitlist_entries
            set nominated_by_member_id = ?, nomination_status = ?, nomination_reasons = ?::text[]
          where id = ? returning id`,
        [memberId, status, pgTextArray(reasons), entryId],
      );
    return rows.length > 0;
  }

  /**
   * How many sign-ups came from the same client (its keyed address) as this entry within the
   * `withinMinutes` before it, itself included: 0 when the entry is gone or its client unknown.
   */
  async signUpsFromClient(entryId: string, withinMinutes: number): Promise<number> {
    const [row] = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ total: number }>>(
        `select count(*)::int as total
           from waitlist_entries e
           join waitlist_entries w on w.client_hash = e.client_hash
                                  and w.created_at > e.created_at - make_interval(mins => ?)
                                  and w.created_at <= e.created_at
          where e.id = ?`,
        [withinMinutes, entryId],
      );
    return row?.total ?? 0;
  }

  /** The entries a member's nominations brought, newest first (credited and suspect alike). */
  async nominatedBy(memberId: string): Promise<NominatedEntry[]> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<
        Array<{
          id: string;
          email: string;
          email_normalised: string;
          full_name: string | null;
          created_at: Date;
          confirmed_at: Date | null;
          nomination_status: NominationStatus;
          nomination_reasons: string[] | null;
        }>
      >(
        `select id, email, email_normalised, full_name, created_at, confirmed_at, nomination_status, nomination_reasons
           from waitlist_entries
          where nominated_by_member_id = ?
          order by created_at desc, id desc`,
        [memberId],
      );
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      emailNormalised: r.email_normalised,
      fullName: r.full_name,
      createdAt: new Date(r.created_at),
      confirmedAt: r.confirmed_at ? new Date(r.confirmed_at) : null,
      status: r.nomination_status,
      reasons: r.nomination_reasons ?? [],
    }));
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
          confirmed_at: Date | null;
          nominated_by_member_id: string | null;
          nomination_status: NominationStatus | null;
          nomination_reasons: string[] | null;
        }>
      >(
        `select w.id, w.email, w.full_name, w.phone_number, w.net_worth, w.source, w.utm_campaign, w.created_at,
                w.confirmed_at, w.nominated_by_member_id, w.nomination_status, w.nomination_reasons
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
        confirmedAt: r.confirmed_at ? new Date(r.confirmed_at).toISOString() : null,
        nominatedByMemberId: r.nominated_by_member_id,
        nominationStatus: r.nomination_status,
        nominationReasons: r.nomination_reasons ?? [],
      })),
      total: await this.countMatching(filter),
    };
  }

  /**
   * The sources and UTM campaigns sign-ups came from, and the members whose nominations brought
   * sign-ups (ids: the caller names them), the filter's choices, most common first.
   */
  async filterChoices(): Promise<{ sources: string[]; utmCampaigns: string[]; nominatorIds: string[] }> {
    const connection = this.em.fork().getConnection();
    const [sources, campaigns, nominators] = await Promise.all([
      connection.execute<Array<{ value: string }>>(
        `select source as value from waitlist_entries group by source order by count(*) desc limit 50`,
      ),
      connection.execute<Array<{ value: string }>>(
        `select utm_campaign as value from waitlist_entries where utm_campaign is not null
          group by utm_campaign order by count(*) desc limit 50`,
      ),
      connection.execute<Array<{ value: string }>>(
        `select nominated_by_member_id as value from waitlist_entries where nominated_by_member_id is not null
          group by nominated_by_member_id order by count(*) desc limit 200`,
      ),
    ]);
    return {
      sources: sources.map((r) => r.value),
      utmCampaigns: campaigns.map((r) => r.value),
      nominatorIds: nominators.map((r) => r.value),
    };
  }

  /** One statement for the batch; of two sign-ups of the same mailbox, the earlier one counts. */
  private async write(batch: SignUpColumns[]): Promise<Array<Exclude<JoinOutcome, 'ignored'>>> {
    const firstOfMailbox = new Map<string, SignUpColumns>();
    for (const signUp of batch) if (!firstOfMailbox.has(signUp[2])) firstOfMailbox.set(signUp[2], signUp);
    const rows = await joinWaitlist.run(
      this.em,
      joinWaitlistParameters([...firstOfMailbox.values()], {
        welcome: jobQueue('waitlist.welcome'),
        nominated: SIGNED_UP_WITH_REF_QUEUE,
      }),
    );
    if (rows.length > 0) this.relay.nudge();
    const added = new Set(rows.map((row) => row.email_normalised));
    const again = [...firstOfMailbox.keys()].filter((mailbox) => !added.has(mailbox));
    if (again.length > 0) await this.sendConfirmationAgain(again);
    return batch.map((signUp) =>
      firstOfMailbox.get(signUp[2]) === signUp && added.has(signUp[2]) ? 'joined' : 'already-joined',
    );
  }

  /**
   * Someone signed up again with an address already on the list (as the spec answers, success):
   * if that entry is still unconfirmed, its confirmation link is sent again, at most once a day per
   * entry (the email's key names the day), so a lost welcome email does not lose the place. A
   * failure here is logged, not answered: the sign-up itself stands.
   */
  private async sendConfirmationAgain(mailboxes: string[]): Promise<void> {
    try {
      const day = new Date().toISOString().slice(0, 10);
      const queued = await this.em.fork().transactional(async (em) => {
        const entries = await em.execute<Array<{ id: string; email: string }>>(
          `select id, email from waitlist_entries
            where email_normalised = any(?::text[]) and confirmed_at is null
              and created_at < now() - make_interval(mins => ?)`,
          [pgTextArray(mailboxes), RESEND_AFTER_MINUTES],
        );
        const sent = await this.emails.keysWithStatus(
          em,
          entries.map((entry) => confirmAgainKey(entry.id, day)),
          ['sent', 'sending', 'unknown'],
        );
        let count = 0;
        for (const entry of entries) {
          const key = confirmAgainKey(entry.id, day);
          if (sent.has(key)) continue;
          await this.emails.queue(
            em,
            { key, kind: 'waitlist.confirm-again', recipient: entry.email },
            'waitlist.confirm-again',
            {
              entryId: entry.id,
              key,
            },
          );
          count += 1;
        }
        return count;
      });
      if (queued > 0) this.relay.nudge();
    } catch (error) {
      this.logger.warn(`Could not send confirmation links again: ${(error as Error).message}`);
    }
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The key of the email that sends an entry's confirmation link again on `day` (YYYY-MM-DD). */
export function confirmAgainKey(entryId: string, day: string): string {
  return `${CONFIRM_AGAIN_PREFIX}${entryId}:${day}`;
}

/** Every confirm-again email of an entry starts with this and its id. */
export const CONFIRM_AGAIN_PREFIX = 'waitlist.confirm-again:';
