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
 * A member's saved cards (the provider's references, brand, last four digits) and the payments of
 * their bookings. An erasure deletes the saved cards; the bookings' payments are financial records:
 * they keep amount, currency, status, provider references and dates, and lose the address (and
 * the person's name wherever a provider's message quoted it).
 */
@Injectable()
export class BookingsPersonalData implements PersonalDataHolder, OnModuleInit {
  readonly name = 'bookings';
  readonly description =
    'Your saved cards (brand, last four digits, expiry; never the number) and the payments of your bookings.';

  constructor(private readonly registry: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  private where(subject: DataSubject): [string, unknown[]] {
    return [
      `(member_id = ?::uuid or lower(recipient_email) = any(?::text[]))`,
      [subject.memberId ?? null, pgTextArray(subjectAddresses(subject))],
    ];
  }

  async export(em: EntityManager, subject: DataSubject) {
    const [where, params] = this.where(subject);
    const [cards, payments] = await Promise.all([
      subject.memberId
        ? em.execute(
            `select brand, last4, exp_month, exp_year, created_at, removed_at from member_cards
              where member_id = ? order by created_at`,
            [subject.memberId],
          )
        : [],
      em.execute(
        `select option_id, recipient_email, amount, currency, status, capture, intent_id, refunded_amount,
                failure_message, receipt_url, confirmed_at, created_at from booking_payments
          where ${where} order by created_at`,
        params,
      ),
    ]);
    return { savedCards: exportRows(cards), payments: exportRows(payments) };
  }

  async addresses(em: EntityManager): Promise<string[]> {
    const rows = await em.execute<Array<{ email: string }>>(
      `select distinct recipient_email as email from booking_payments where recipient_email <> 'erased'`,
    );
    return rows.map((r) => r.email);
  }

  async erase(em: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    const [where, params] = this.where(subject);
    const cards = subject.memberId
      ? await em.execute<Array<{ id: string }>>(`delete from member_cards where member_id = ? returning id`, [
          subject.memberId,
        ])
      : [];
    const payments = await em.execute<Array<{ id: string; failure_message: string | null }>>(
      `select id, failure_message from booking_payments where ${where}`,
      params,
    );
    const literals = literalsOf(subject);
    if (payments.length > 0) {
      await em.execute(
        `update booking_payments b set recipient_email = ?, failure_message = r.failure_message, updated_at = now()
           from jsonb_to_recordset(?::jsonb) as r(id uuid, failure_message text) where b.id = r.id`,
        [
          ERASED,
          JSON.stringify(
            payments.map((p) => ({
              id: p.id,
              failure_message: p.failure_message === null ? null : scrubText(p.failure_message, literals),
            })),
          ),
        ],
      );
    }
    return { savedCards: cards.length, paymentsAnonymised: payments.length };
  }
}
