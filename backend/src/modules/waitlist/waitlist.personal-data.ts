import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { pgTextArray } from '../../common/pg-array';
import {
  exportRows,
  PersonalDataRegistry,
  subjectAddresses,
  type DataSubject,
  type PersonalDataHolder,
} from '../data-requests';

/** The confirmation token's hash is a secret, the client hash a fraud check's: neither is the person's to take. */
const NOT_EXPORTED = ['confirmation_token_hash', 'client_hash', 'email_normalised'];

/**
 * The waitlist's part of a person's data: their sign-ups (an erasure deletes them), found by the
 * address as typed or by its mailbox (email_normalised: a sign-up as `a.b+club@gmail.com` is
 * `ab@gmail.com`'s, the same inbox).
 */
@Injectable()
export class WaitlistPersonalData implements PersonalDataHolder, OnModuleInit {
  readonly name = 'waitlist';
  readonly description =
    'Your place on the waitlist: the address, name and phone number you gave, your consent, and where you came from.';

  constructor(private readonly registry: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  private rows(em: EntityManager, subject: DataSubject) {
    return em.execute<Array<Record<string, unknown>>>(
      `select * from waitlist_entries
        where lower(email) = any(?::text[]) or email_normalised = any(?::text[]) order by created_at`,
      [pgTextArray(subjectAddresses(subject)), pgTextArray(subject.normalisedEmails)],
    );
  }

  async identify(em: EntityManager, subject: DataSubject) {
    const rows = await this.rows(em, subject);
    return { names: rows.map((r) => r.full_name as string | null).filter((n): n is string => !!n) };
  }

  async export(em: EntityManager, subject: DataSubject) {
    return { entries: exportRows(await this.rows(em, subject), NOT_EXPORTED) };
  }

  async addresses(em: EntityManager): Promise<string[]> {
    const rows = await em.execute<Array<{ email: string }>>(`select email from waitlist_entries`);
    return rows.map((r) => r.email);
  }

  async erase(em: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    const deleted = await em.execute<Array<{ id: string }>>(
      `delete from waitlist_entries
        where lower(email) = any(?::text[]) or email_normalised = any(?::text[]) returning id`,
      [pgTextArray(subjectAddresses(subject)), pgTextArray(subject.normalisedEmails)],
    );
    return { entries: deleted.length };
  }
}
