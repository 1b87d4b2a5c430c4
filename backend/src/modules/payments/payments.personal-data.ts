import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { pgTextArray } from '../../common/pg-array';
import {
  containsPatterns,
  exportRows,
  literalsOf,
  PersonalDataRegistry,
  scrubJson,
  scrubText,
  searchableLiterals,
  type DataSubject,
  type PersonalDataHolder,
} from '../data-requests';

/**
 * Payments and refunds for the person's event reservations (the RSVPs the invitations' holder
 * found). Financial records the law requires us to keep: an export gives them all; an erasure keeps
 * every amount, currency, status, provider reference and date, and takes the person's name and
 * address out of the free text (a refund's reason, a provider's message) and out of the payment
 * provider's stored events.
 */
@Injectable()
export class PaymentsPersonalData implements PersonalDataHolder, OnModuleInit {
  readonly name = 'payments';
  readonly description =
    'Your payments for our events and their refunds: amounts, currency, status, method, provider references and dates.';

  constructor(private readonly registry: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  private payments(em: EntityManager, subject: DataSubject) {
    const rsvps = subject.refs.rsvp ?? [];
    if (rsvps.length === 0) return Promise.resolve([] as Array<Record<string, unknown> & { id: string }>);
    return em.execute<Array<Record<string, unknown> & { id: string }>>(
      `select id, amount, currency, status, payment_method_type, transaction_id, payment_date, refunded_at,
              receipt_url, failure_message, refund_reason, refund_error, created_at, superseded_at
         from payments where rsvp_id = any(?::uuid[]) order by created_at`,
      [`{${rsvps.join(',')}}`],
    );
  }

  async export(em: EntityManager, subject: DataSubject) {
    const payments = await this.payments(em, subject);
    if (payments.length === 0) return { payments: [] };
    const refunds = await em.execute<Array<Record<string, unknown> & { payment_id: string }>>(
      `select payment_id, amount, reason, requested_at, refunded_at, error from payment_refunds
        where payment_id = any(?::uuid[]) order by requested_at`,
      [`{${payments.map((p) => p.id).join(',')}}`],
    );
    return {
      payments: payments.map((payment) => ({
        ...exportRows([payment], ['id'])[0],
        refunds: exportRows(
          refunds.filter((r) => r.payment_id === payment.id),
          ['payment_id'],
        ),
      })),
    };
  }

  async erase(em: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    const literals = literalsOf(subject);
    const payments = await this.payments(em, subject);
    const scrub = (text: unknown) => (typeof text === 'string' ? scrubText(text, literals) : text);
    let texts = 0;
    if (payments.length > 0) {
      const ids = `{${payments.map((p) => p.id).join(',')}}`;
      await em.execute(
        `update payments p set failure_message = r.failure_message, refund_reason = r.refund_reason,
                refund_error = r.refund_error
           from jsonb_to_recordset(?::jsonb) as r(id uuid, failure_message text, refund_reason text, refund_error text)
          where p.id = r.id`,
        [
          JSON.stringify(
            payments.map((p) => ({
              id: p.id,
              failure_message: scrub(p.failure_message),
              refund_reason: scrub(p.refund_reason),
              refund_error: scrub(p.refund_error),
            })),
          ),
        ],
      );
      const refunds = await em.execute<Array<{ id: string; reason: string; error: string | null }>>(
        `select id, reason, error from payment_refunds where payment_id = any(?::uuid[])`,
        [ids],
      );
      if (refunds.length > 0) {
        await em.execute(
          `update payment_refunds f set reason = r.reason, error = r.error
             from jsonb_to_recordset(?::jsonb) as r(id uuid, reason text, error text) where f.id = r.id`,
          [JSON.stringify(refunds.map((r) => ({ id: r.id, reason: scrub(r.reason), error: scrub(r.error) })))],
        );
      }
      texts = payments.length + refunds.length;
    }
    // The provider's events may carry the billing name or address (Stripe's billing_details).
    let events: Array<{ id: string; payload: unknown }> = [];
    const searchable = searchableLiterals(subject);
    if (searchable.length > 0) {
      events = await em.execute<Array<{ id: string; payload: unknown }>>(
        `select id, payload from stripe_events where payload::text ilike any(?::text[])`,
        [pgTextArray(containsPatterns(searchable))],
      );
      if (events.length > 0) {
        await em.execute(
          `update stripe_events s set payload = r.payload
             from jsonb_to_recordset(?::jsonb) as r(id text, payload jsonb) where s.id = r.id`,
          [JSON.stringify(events.map((e) => ({ id: e.id, payload: scrubJson(e.payload, searchable) })))],
        );
      }
    }
    return { paymentsKept: payments.length, textsScrubbed: texts, providerEvents: events.length };
  }
}
