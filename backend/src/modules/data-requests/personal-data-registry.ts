import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/**
 * The person a data request is about, as every holder sees them. Addresses are compared in lower
 * case against both forms (as typed and normalised); `names` are the names the club knows the
 * person by (gathered from the holders' `identify`), used to take them out of free text.
 */
export interface DataSubject {
  /** Every address of the person, as typed (the request's, the member account's). */
  emails: string[];
  /** The same, in the compare form of common/email-address (lower case, dots and plus-tags where ignored). */
  normalisedEmails: string[];
  /** The consent ledger's key of the person (of the request's address). */
  subjectKey: string;
  memberId?: string;
  /** The names the person is known by here (waitlist, account, invitations), for free-text scrubbing. */
  names: string[];
  /**
   * Ids one holder found that another needs (`rsvp` from invitations for payments, `request` from
   * requests for member notices): each holder reads its own tables only, and shares what it found here.
   */
  refs: Record<string, string[]>;
}

/** What one holder adds to the picture of the person before an export or an erasure. */
export interface SubjectClues {
  memberId?: string;
  emails?: string[];
  names?: string[];
  refs?: Record<string, string[]>;
}

/** Records of one holder in an export: its own shape, JSON-able, dates as ISO strings. */
export type ExportedRecords = Record<string, unknown>;

/**
 * A module that holds personal data registers one holder (a small class in its own folder, using
 * only its own tables) with the registry in onModuleInit. An export asks each holder for its
 * records; an erasure runs every holder's `erase` in ONE transaction, so either the person is gone
 * from every table or from none.
 */
export interface PersonalDataHolder {
  /** The file name in the export zip (`<name>.json`) and the key of the erasure's counts. */
  readonly name: string;
  /** One sentence for the export's README: what this file holds. */
  readonly description: string;
  /** Who else this person is here: a member id, more addresses, names (run before export and erase). */
  identify?(em: EntityManager, subject: DataSubject): Promise<SubjectClues>;
  export(em: EntityManager, subject: DataSubject): Promise<ExportedRecords>;
  /**
   * Every address this holder keeps (as typed), for re-applying erasures after a restore from a
   * backup: the addresses whose subject key an erasure recorded are erased again.
   */
  addresses?(em: EntityManager): Promise<string[]>;
  /** Removes or anonymises, in the caller's transaction; answers how many rows it touched, by kind. */
  erase(em: EntityManager, subject: DataSubject): Promise<Record<string, number>>;
}

/** True when an export's records hold anything (a non-empty list, or an object with a value). */
export function holdsAnything(records: ExportedRecords): boolean {
  return Object.values(records).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined,
  );
}

/** Every holder of personal data, in the order they registered. */
@Injectable()
export class PersonalDataRegistry {
  private readonly holders = new Map<string, PersonalDataHolder>();

  register(holder: PersonalDataHolder): void {
    if (this.holders.has(holder.name))
      throw new Error(`A personal-data holder named "${holder.name}" is registered twice`);
    this.holders.set(holder.name, holder);
  }

  all(): PersonalDataHolder[] {
    return [...this.holders.values()];
  }
}

/** Lower case, without repeats or blanks: the form holders compare addresses and names in. */
export function lowerAll(values: Iterable<string>): string[] {
  return [...new Set([...values].map((v) => v.trim().toLowerCase()).filter((v) => v !== ''))];
}

/** Every address of the subject in lower case, both forms: what `lower(email) = any(?)` compares with. */
export function subjectAddresses(subject: DataSubject): string[] {
  return lowerAll([...subject.emails, ...subject.normalisedEmails]);
}

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Rows as an export shows them: camelCase keys, dates as ISO strings, without the named columns (secrets). */
export function exportRows(
  rows: Array<Record<string, unknown>>,
  omit: readonly string[] = [],
): Array<Record<string, unknown>> {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([key]) => !omit.includes(key))
        .map(([key, value]) => [
          camel(key),
          value instanceof Date ? value.toISOString() : Buffer.isBuffer(value) ? value.toString('base64') : value,
        ]),
    ),
  );
}

/** What an erased name or address reads as, where a row must stay (a payment, a booking). */
export const ERASED = 'erased';

/** A unique, undeliverable stand-in address for a row that must keep one (a unique index on it). */
export function erasedAddress(id: string): string {
  return `erased-${id}@erased.invalid`;
}

/** The person's names and addresses as literals to take out of free text (longest first, so a full name goes before a part). */
export function literalsOf(subject: DataSubject): string[] {
  return lowerAll([...subject.names, ...subject.emails, ...subject.normalisedEmails])
    .filter((literal) => literal.length >= 3)
    .sort((a, b) => b.length - a.length);
}

/**
 * The literals safe to look for in rows not tied to the person (the audit log, the payment
 * provider's events): their addresses, and names of two words or more. A single short name ('Ann')
 * would also match other people's words there.
 */
export function searchableLiterals(subject: DataSubject): string[] {
  return literalsOf(subject).filter((literal) => literal.includes('@') || /\s/.test(literal));
}

/** `ilike any` patterns that find a row whose text holds one of the literals (`%`, `_` and `\\` escaped). */
export function containsPatterns(literals: string[]): string[] {
  return literals.map((literal) => `%${literal.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text with each literal (any case, as a whole word: 'Ann' is not taken out of 'annual') replaced by 'erased'. */
export function scrubText(text: string, literals: string[]): string {
  let result = text;
  for (const literal of literals) {
    result = result.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(literal)}(?![\\p{L}\\p{N}])`, 'giu'), ERASED);
  }
  return result;
}

/** A JSON value with every string in it scrubbed (keys are the club's, left as they are). */
export function scrubJson(value: unknown, literals: string[]): unknown {
  if (typeof value === 'string') return scrubText(value, literals);
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, literals));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubJson(item, literals)]));
  }
  return value;
}
