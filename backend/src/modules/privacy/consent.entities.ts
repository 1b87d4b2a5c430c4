import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import {
  CONSENT_ACTIONS,
  CONSENT_PURPOSES,
  CONSENT_SOURCES,
  CONSENT_SUBJECT_TYPES,
  type ConsentAction,
  type ConsentPurpose,
  type ConsentSource,
  type ConsentSubjectType,
} from './consent-vocabulary';

/**
 * One row of the consent ledger. Written only by ConsentService (and the waitlist's sign-up
 * statement through consentInsertSql) with SQL in the caller's transaction; the table refuses
 * UPDATE, DELETE and TRUNCATE (see the migration's trigger), so this entity is for reading.
 */
@Entity({ tableName: 'consent_ledger' })
@Index({
  name: 'consent_ledger_subject_idx',
  expression: 'create index consent_ledger_subject_idx on consent_ledger (subject_key, purpose, id desc)',
})
export class ConsentLedgerEntry {
  [OptionalProps]?: 'at' | 'subjectId' | 'wordingVersion' | 'wordingHash' | 'actorId';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id: string;

  @Property({ type: 'text' })
  subjectKey: string;

  @Enum({ items: [...CONSENT_SUBJECT_TYPES] })
  subjectType: ConsentSubjectType;

  @Property({ type: 'uuid', nullable: true })
  subjectId?: string | null;

  @Enum({ items: [...CONSENT_PURPOSES] })
  purpose: ConsentPurpose;

  @Enum({ items: [...CONSENT_ACTIONS] })
  action: ConsentAction;

  @Property({ type: 'text', nullable: true })
  wordingVersion?: string | null;

  @Property({ type: 'text', nullable: true })
  wordingHash?: string | null;

  @Enum({ items: [...CONSENT_SOURCES] })
  source: ConsentSource;

  @Property({ type: 'uuid', nullable: true })
  actorId?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  at: Date;
}

/** What one person receives now, kept by the ledger's trigger (no row: every category). */
@Entity({ tableName: 'mail_preferences' })
export class MailPreference {
  [OptionalProps]?: 'updates' | 'eventInvitations' | 'digests' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  subjectKey: string;

  @Property({ type: 'boolean', default: true })
  updates: boolean;

  @Property({ type: 'boolean', default: true })
  eventInvitations: boolean;

  @Property({ type: 'boolean', default: true })
  digests: boolean;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date;
}
