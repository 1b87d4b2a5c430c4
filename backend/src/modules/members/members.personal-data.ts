import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { pgTextArray } from '../../common/pg-array';
import {
  ERASED,
  erasedAddress,
  exportRows,
  PersonalDataRegistry,
  subjectAddresses,
  type DataSubject,
  type PersonalDataHolder,
} from '../data-requests';

/**
 * Members' part of a person's data: the account, its devices, passkeys, sign-in emails and offers.
 * An erasure keeps the account's row (bookings paid through it are financial records that point
 * at it) with the name 'erased', an undeliverable address, no phone, suspended so nobody signs in
 * as it; everything else of the account is deleted.
 */
@Injectable()
export class MembersPersonalData implements PersonalDataHolder, OnModuleInit {
  readonly name = 'membership';
  readonly description =
    'Your membership: name, address, phone, tier, the devices signed in, your passkeys (their names), and the dates of sign-in emails and offers.';

  constructor(private readonly registry: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  private async member(em: EntityManager, subject: DataSubject) {
    const [row] = await em.execute<Array<Record<string, unknown> & { id: string; name: string; email: string }>>(
      `select id, name, email, phone, tier, status, joined_at, last_seen_at, created_at, updated_at from members
        where id = ?::uuid or lower(email) = any(?::text[]) order by coalesce(id = ?::uuid, false) desc limit 1`,
      [subject.memberId ?? null, pgTextArray(subjectAddresses(subject)), subject.memberId ?? null],
    );
    return row ?? null;
  }

  async identify(em: EntityManager, subject: DataSubject) {
    const member = await this.member(em, subject);
    if (!member) return {};
    return { memberId: member.id, emails: [member.email], names: [member.name] };
  }

  async export(em: EntityManager, subject: DataSubject) {
    const member = await this.member(em, subject);
    if (!member) return { account: null };
    const [sessions, passkeys, signInEmails, offers] = await Promise.all([
      em.execute(
        `select browser, system, created_at, last_seen_at, expires_at from member_sessions where member_id = ? order by created_at`,
        [member.id],
      ),
      em.execute(
        `select name, transports, created_at, last_used_at from member_passkeys where member_id = ? order by created_at`,
        [member.id],
      ),
      em.execute(
        `select created_at, expires_at, used_at from member_sign_in_links where member_id = ? order by created_at`,
        [member.id],
      ),
      em.execute(
        `select created_at, expires_at, used_at, revoked_at from membership_offers where member_id = ? order by created_at`,
        [member.id],
      ),
    ]);
    return {
      account: exportRows([member], ['id'])[0],
      devices: exportRows(sessions),
      passkeys: exportRows(passkeys),
      signInEmails: exportRows(signInEmails),
      membershipOffers: exportRows(offers),
    };
  }

  async addresses(em: EntityManager): Promise<string[]> {
    const rows = await em.execute<Array<{ email: string }>>(
      `select email from members where email not like 'erased-%'`,
    );
    return rows.map((r) => r.email);
  }

  async erase(em: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    const member = await this.member(em, subject);
    if (!member) return {};
    const count = async (sql: string) => (await em.execute<Array<{ id: string }>>(sql, [member.id])).length;
    const counts = {
      devices: await count(`delete from member_sessions where member_id = ? returning id`),
      passkeys: await count(`delete from member_passkeys where member_id = ? returning id`),
      signInEmails: await count(`delete from member_sign_in_links where member_id = ? returning id`),
      offers: await count(`delete from membership_offers where member_id = ? returning id`),
      accounts: 0,
    };
    await em.execute(
      `update members set name = ?, email = ?, phone = null, status = 'suspended', waitlist_entry_id = null,
              last_seen_at = null, updated_at = now() where id = ?`,
      [ERASED, erasedAddress(member.id), member.id],
    );
    counts.accounts = 1;
    return counts;
  }
}
