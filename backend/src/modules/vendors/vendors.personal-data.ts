import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { pgTextArray } from '../../common/pg-array';
import {
  ERASED,
  exportRows,
  literalsOf,
  PersonalDataRegistry,
  scrubText,
  subjectAddresses,
  type DataSubject,
  type PersonalDataHolder,
} from '../data-requests';

/**
 * A partner vendor's contact person (name, address, phone), found by their address. The vendor is a
 * business and stays in the directory; an erasure takes its contact person out (and their name out
 * of the staff's notes on it).
 */
@Injectable()
export class VendorsPersonalData implements PersonalDataHolder, OnModuleInit {
  readonly name = 'vendor-contacts';
  readonly description =
    'Partner businesses that name you as their contact: the business, and your name, address and phone.';

  constructor(private readonly registry: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  private rows(em: EntityManager, subject: DataSubject) {
    return em.execute<
      Array<Record<string, unknown> & { id: number; contact_name: string | null; notes: string | null }>
    >(
      `select id, name, contact_name, contact_email, contact_phone, notes, created_at from vendors
        where lower(contact_email) = any(?::text[]) order by created_at`,
      [pgTextArray(subjectAddresses(subject))],
    );
  }

  async identify(em: EntityManager, subject: DataSubject) {
    const rows = await this.rows(em, subject);
    return { names: rows.map((r) => r.contact_name).filter((n): n is string => !!n) };
  }

  async export(em: EntityManager, subject: DataSubject) {
    return { vendors: exportRows(await this.rows(em, subject), ['id', 'notes']) };
  }

  async addresses(em: EntityManager): Promise<string[]> {
    const rows = await em.execute<Array<{ email: string }>>(
      `select distinct contact_email as email from vendors where contact_email is not null and contact_email <> ?`,
      [ERASED],
    );
    return rows.map((r) => r.email);
  }

  async erase(em: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    const rows = await this.rows(em, subject);
    if (rows.length === 0) return {};
    const literals = literalsOf(subject);
    await em.execute(
      `update vendors v set contact_name = ?, contact_email = ?, contact_phone = null, notes = r.notes
         from jsonb_to_recordset(?::jsonb) as r(id int, notes text) where v.id = r.id`,
      [
        ERASED,
        ERASED,
        JSON.stringify(rows.map((r) => ({ id: r.id, notes: r.notes === null ? null : scrubText(r.notes, literals) }))),
      ],
    );
    return { contacts: rows.length };
  }
}
