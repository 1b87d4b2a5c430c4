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
 * Applications to become a partner vendor, found by the applicant's address: the business's details
 * and its contact person. An erasure keeps the application as the business's record, without the
 * person: name, title, address and phone read 'erased' or go, and their name leaves the texts.
 */
@Injectable()
export class VendorApplicationsPersonalData implements PersonalDataHolder, OnModuleInit {
  readonly name = 'vendor-applications';
  readonly description =
    'Your applications to become a partner of the club: the business, and your name, title, address and phone.';

  constructor(private readonly registry: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  private rows(em: EntityManager, subject: DataSubject) {
    return em.execute<
      Array<
        Record<string, unknown> & {
          id: number;
          contact_name: string | null;
          description: string | null;
          additional_info: string | null;
          admin_notes: string | null;
        }
      >
    >(
      `select id, name, contact_name, contact_title, email, phone, description, address, city, state, zip_code,
              website, categories, additional_info, status, admin_notes, created_at
         from vendor_applications where lower(email) = any(?::text[]) order by created_at`,
      [pgTextArray(subjectAddresses(subject))],
    );
  }

  async identify(em: EntityManager, subject: DataSubject) {
    const rows = await this.rows(em, subject);
    return { names: rows.map((r) => r.contact_name).filter((n): n is string => !!n) };
  }

  async export(em: EntityManager, subject: DataSubject) {
    return { applications: exportRows(await this.rows(em, subject), ['id', 'admin_notes']) };
  }

  async addresses(em: EntityManager): Promise<string[]> {
    const rows = await em.execute<Array<{ email: string }>>(
      `select distinct email from vendor_applications where email <> ?`,
      [ERASED],
    );
    return rows.map((r) => r.email);
  }

  async erase(em: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    const rows = await this.rows(em, subject);
    if (rows.length === 0) return {};
    const literals = literalsOf(subject);
    const scrub = (text: string | null) => (text === null ? null : scrubText(text, literals));
    await em.execute(
      `update vendor_applications a set contact_name = ?, contact_title = null, email = ?, phone = ?,
              description = r.description, additional_info = r.additional_info, admin_notes = r.admin_notes
         from jsonb_to_recordset(?::jsonb) as r(id int, description text, additional_info text, admin_notes text)
        where a.id = r.id`,
      [
        ERASED,
        ERASED,
        ERASED,
        JSON.stringify(
          rows.map((r) => ({
            id: r.id,
            description: scrub(r.description),
            additional_info: scrub(r.additional_info),
            admin_notes: scrub(r.admin_notes),
          })),
        ),
      ],
    );
    return { applications: rows.length };
  }
}
