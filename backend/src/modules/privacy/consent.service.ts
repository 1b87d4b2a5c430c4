import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { normaliseEmail } from '../../common/email-address';
import type { MailCategory } from '../../platform/mail/mail-consent';
import {
  CONSENT_WORDINGS,
  wordingHash,
  type ConsentAction,
  type ConsentPurpose,
  type ConsentSource,
  type ConsentSubjectType,
  type ConsentWordingVersion,
} from './consent-vocabulary';

/**
 * One row to add to the ledger. The person is named by their address (turned into the subject
 * key here, never stored) or by the subject key itself (what an erasure or an email link has).
 */
export type ConsentRow = ({ email: string } | { subjectKey: string }) & {
  subjectType: ConsentSubjectType;
  /** The waitlist entry, member or invitation this row is about, when there is one. */
  subjectId?: string | null;
  purpose: ConsentPurpose;
  action: ConsentAction;
  source: ConsentSource;
  /** The words the person saw (null for a withdrawal or erasure without a page, e.g. staff or system). */
  wordingVersion?: ConsentWordingVersion | null;
  /** The staff member who acted (source 'staff'). */
  actorId?: string | null;
};

/** A ledger row as an export (or the person's own page) shows it: no key, the words in full. */
export interface ConsentLedgerItem {
  at: string;
  purpose: ConsentPurpose;
  action: ConsentAction;
  source: ConsentSource;
  subjectType: ConsentSubjectType;
  wordingVersion: string | null;
  wordingHash: string | null;
  wording: string | null;
}

/** What a person receives now, one flag per mail category. */
export interface MailChoices {
  updates: boolean;
  eventInvitations: boolean;
  digests: boolean;
}

const CHOICE_OF: Record<MailCategory, keyof MailChoices> = {
  updates: 'updates',
  'event-invitations': 'eventInvitations',
  digests: 'digests',
};

/** The subject key: HMAC-SHA256(secret, 'subject.v1.' + normaliseEmail(email)), hex. */
export function subjectKeyOf(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`subject.v1.${normaliseEmail(email)}`, 'utf8')
    .digest('hex');
}

const INSERT = `insert into consent_ledger
    (subject_key, subject_type, subject_id, purpose, action, wording_version, wording_hash, source, actor_id)
  select e.value->>'subject_key', e.value->>'subject_type', (e.value->>'subject_id')::uuid, e.value->>'purpose',
         e.value->>'action', e.value->>'wording_version', e.value->>'wording_hash', e.value->>'source',
         (e.value->>'actor_id')::uuid
    from jsonb_array_elements(?::jsonb) with ordinality as e(value, n)
   order by e.n`;

/**
 * The consent ledger: who agreed to what, in which words, when and from where, and every
 * withdrawal since. A person is known here only by their subject key (see subjectKeyOf), so the
 * ledger holds no personal data and survives an erasure. `mail_preferences` follows each row in
 * the same transaction (the migration's trigger).
 *
 * What a person receives, per mail category: the latest ledger row for that purpose decides
 * (granted: yes; withdrawn or erased: no; a confirmation leaves it as it was, so confirming a
 * sign-up after unsubscribing does not subscribe again), read from mail_preferences. A person with
 * no ledger row for a category receives it: members and guests the club wrote to before the
 * ledger existed, or whom staff invited, are in a relationship with the club until they say no.
 */
@Injectable()
export class ConsentService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
  ) {}

  subjectKey(email: string): string {
    return subjectKeyOf(this.config.SESSION_SECRET, email);
  }

  /** Adds the rows in the caller's transaction `em`, in order. */
  async record(em: EntityManager, rows: ConsentRow[]): Promise<void> {
    if (rows.length === 0) return;
    const records = rows.map((row) => ({
      subject_key: 'email' in row ? this.subjectKey(row.email) : row.subjectKey,
      subject_type: row.subjectType,
      subject_id: row.subjectId ?? null,
      purpose: row.purpose,
      action: row.action,
      wording_version: row.wordingVersion ?? null,
      wording_hash: row.wordingVersion ? wordingHash(row.wordingVersion) : null,
      source: row.source,
      actor_id: row.actorId ?? null,
    }));
    await em.execute(INSERT, [JSON.stringify(records)], 'run');
  }

  /** Every ledger row of the person with this address, oldest first (for their data export). */
  async ledgerFor(email: string): Promise<ConsentLedgerItem[]> {
    return this.ledgerForKey(this.subjectKey(email));
  }

  async ledgerForKey(subjectKey: string, em: EntityManager = this.em.fork()): Promise<ConsentLedgerItem[]> {
    const rows = await em.execute<
      Array<{
        at: Date;
        purpose: ConsentPurpose;
        action: ConsentAction;
        source: ConsentSource;
        subject_type: ConsentSubjectType;
        wording_version: string | null;
        wording_hash: string | null;
      }>
    >(
      `select at, purpose, action, source, subject_type, wording_version, wording_hash
         from consent_ledger where subject_key = ? order by id`,
      [subjectKey],
    );
    return rows.map((row) => ({
      at: new Date(row.at).toISOString(),
      purpose: row.purpose,
      action: row.action,
      source: row.source,
      subjectType: row.subject_type,
      wordingVersion: row.wording_version,
      wordingHash: row.wording_hash,
      wording:
        row.wording_version && row.wording_version in CONSENT_WORDINGS
          ? CONSENT_WORDINGS[row.wording_version as ConsentWordingVersion].replaceAll('{brand}', this.config.BRAND_NAME)
          : null,
    }));
  }

  /** What the person with this subject key receives now (no row: everything). */
  async choicesFor(subjectKey: string, em: EntityManager = this.em.fork()): Promise<MailChoices> {
    const [row] = await em.execute<Array<{ updates: boolean; event_invitations: boolean; digests: boolean }>>(
      'select updates, event_invitations, digests from mail_preferences where subject_key = ?',
      [subjectKey],
    );
    return row
      ? { updates: row.updates, eventInvitations: row.event_invitations, digests: row.digests }
      : { updates: true, eventInvitations: true, digests: true };
  }

  async allows(email: string, category: MailCategory): Promise<boolean> {
    return (await this.choicesFor(this.subjectKey(email)))[CHOICE_OF[category]];
  }

  /**
   * Sets what the person receives, in `em`'s transaction: one ledger row per category that
   * changes (granted or withdrawn), none for one already as asked (so repeating a request adds
   * nothing). Serialised per person, so two clicks at once write one row. Answers the new choices
   * and the categories changed.
   */
  async choose(
    em: EntityManager,
    subjectKey: string,
    wanted: Partial<MailChoices>,
    how: {
      source: ConsentSource;
      wordingVersion: ConsentWordingVersion | null;
      subjectType?: ConsentSubjectType;
      subjectId?: string | null;
      actorId?: string | null;
    },
  ): Promise<{ choices: MailChoices; changed: MailCategory[] }> {
    await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 31))', [`consent:${subjectKey}`]);
    const current = await this.choicesFor(subjectKey, em);
    const changed = (Object.keys(CHOICE_OF) as MailCategory[]).filter((category) => {
      const want = wanted[CHOICE_OF[category]];
      return want !== undefined && want !== current[CHOICE_OF[category]];
    });
    if (changed.length === 0) return { choices: current, changed };
    const subjectType = how.subjectType ?? (await this.subjectTypeOf(em, subjectKey, changed[0]));
    await this.record(
      em,
      changed.map((category) => ({
        subjectKey,
        subjectType,
        subjectId: how.subjectId ?? null,
        purpose: category,
        action: wanted[CHOICE_OF[category]] ? 'granted' : 'withdrawn',
        source: how.source,
        wordingVersion: how.wordingVersion,
        actorId: how.actorId ?? null,
      })),
    );
    return { choices: await this.choicesFor(subjectKey, em), changed };
  }

  /**
   * Who the person is to the club, for a row written from an email link (which names no one): as
   * their latest ledger row says, else as the email's category implies (updates go to the
   * waitlist, invitations to guests, digests to members).
   */
  private async subjectTypeOf(
    em: EntityManager,
    subjectKey: string,
    category: MailCategory,
  ): Promise<ConsentSubjectType> {
    const [row] = await em.execute<Array<{ subject_type: ConsentSubjectType }>>(
      'select subject_type from consent_ledger where subject_key = ? order by id desc limit 1',
      [subjectKey],
    );
    if (row) return row.subject_type;
    return category === 'digests' ? 'member' : category === 'event-invitations' ? 'guest' : 'waitlist';
  }
}
