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

/**
 * Nominations, from both sides: a member's personal links and the people they nominated by email
 * (names and addresses the member gave us), and, for someone nominated, the letter written to them
 * (their name and address as the member typed them; who nominated them is that member's data). An
 * erasure deletes both: a member's links and letters, and every letter to the person.
 */
@Injectable()
export class NominationsPersonalData implements PersonalDataHolder, OnModuleInit {
  readonly name = 'nominations';
  readonly description =
    'Your personal nomination links and the people you nominated by email; or, if a member nominated you, the name and address they gave us.';

  constructor(private readonly registry: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async export(em: EntityManager, subject: DataSubject) {
    const addresses = pgTextArray(subjectAddresses(subject));
    const [links, sent, received] = await Promise.all([
      subject.memberId
        ? em.execute(
            `select code, created_at, revoked_at from nomination_links where member_id = ? order by created_at`,
            [subject.memberId],
          )
        : [],
      subject.memberId
        ? em.execute(`select name, email, sent_at from nominations_sent where member_id = ? order by sent_at`, [
            subject.memberId,
          ])
        : [],
      em.execute(
        `select name, email, sent_at from nominations_sent
          where lower(email) = any(?::text[]) or email_normalised = any(?::text[]) order by sent_at`,
        [addresses, addresses],
      ),
    ]);
    return { links: exportRows(links), nominated: exportRows(sent), nominatedYou: exportRows(received) };
  }

  async addresses(em: EntityManager): Promise<string[]> {
    const rows = await em.execute<Array<{ email: string }>>(`select distinct email from nominations_sent`);
    return rows.map((r) => r.email);
  }

  async erase(em: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    const addresses = pgTextArray(subjectAddresses(subject));
    const received = await em.execute<Array<{ id: string }>>(
      `delete from nominations_sent where lower(email) = any(?::text[]) or email_normalised = any(?::text[]) returning id`,
      [addresses, addresses],
    );
    if (!subject.memberId) return { lettersToYou: received.length };
    const sent = await em.execute<Array<{ id: string }>>(
      `delete from nominations_sent where member_id = ? returning id`,
      [subject.memberId],
    );
    const links = await em.execute<Array<{ code: string }>>(
      `delete from nomination_links where member_id = ? returning code`,
      [subject.memberId],
    );
    return { lettersToYou: received.length, lettersSent: sent.length, links: links.length };
  }
}
