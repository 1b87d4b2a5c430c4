import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import {
  GatewayError,
  OPEN_INTENT_STATUSES,
  PAYMENT_GATEWAY,
  type PaymentGateway,
} from '../../platform/payments/payment-gateway';
import { pageOf, type PageQueryDto } from '../events/dto/page-query.dto';
import { Event } from '../events/event.entity';
import { Invitation } from '../invitations/invitation.entity';
import { Rsvp } from '../invitations/rsvp.entity';
import { AT_CAPACITY_MESSAGE, lockEvent, seatsTaken } from '../invitations/seat-ledger';
import { amountDue, formatAmount, toMajorUnits, toMinorUnits } from './money';
import { Payment } from './payment.entity';
import { PaymentSettlement } from './payment-settlement.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_AMOUNT = 2_000_000_000;

export interface PaymentView {
  id: string;
  rsvpId: string;
  /** Major units, as people read it (500 for EUR 500.00). */
  amount: number;
  amountMinor: number;
  currency: string;
  status: Payment['status'];
  paymentMethodType: string | null;
  transactionId: string | null;
  paymentDate: Date | null;
  refundedAt: Date | null;
  receiptUrl: string | null;
  failureMessage: string | null;
  refundReason: Payment['refundReason'];
  refundRequestedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PaymentAdminRow extends PaymentView {
  invitation: { id: number; recipientName: string; recipientEmail: string; invitationCode: string; status: string };
  event: { id: number; name: string; date: string; currency: string };
  rsvp: { id: string; status: string; guestCount: number };
}

export function paymentView(p: Payment): PaymentView {
  return {
    id: p.id,
    rsvpId: p.rsvpId,
    amount: toMajorUnits(p.amount, p.currency),
    amountMinor: p.amount,
    currency: p.currency,
    status: p.status,
    paymentMethodType: p.paymentMethodType ?? null,
    transactionId: p.transactionId ?? null,
    paymentDate: p.paymentDate ?? null,
    refundedAt: p.refundedAt ?? null,
    receiptUrl: p.receiptUrl ?? null,
    failureMessage: p.failureMessage ?? null,
    refundReason: p.refundReason ?? null,
    refundRequestedAt: p.refundRequestedAt ?? null,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly settlement: PaymentSettlement,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Starts (or resumes) paying for an RSVP. The amount is the server's: the event's price times
   * the guests; the client's figure is only checked. Seats stay held while the guest pays.
   */
  async createForRsvp(rsvpId: string, clientAmount: number) {
    if (!UUID.test(rsvpId)) throw AppError.notFound('Reservation not found');
    const found = await this.em.fork().findOne(Rsvp, { id: rsvpId });
    if (!found) throw AppError.notFound('Reservation not found');

    const { amount, currency, eventName } = await this.em.fork().transactional(async (em) => {
      const event = await lockEvent(em, found.eventId);
      const rsvp = await em.findOne(Rsvp, { id: rsvpId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      const invitation = rsvp && (await em.findOne(Invitation, { id: rsvp.invitationId }));
      if (!event || !rsvp || !invitation) throw AppError.notFound('Reservation not found');
      if (invitation.status === 'cancelled') throw AppError.conflict('This invitation has been cancelled');
      if (event.status === 'cancelled') throw AppError.conflict('This event has been cancelled');
      if (rsvp.status === 'not_attending')
        throw AppError.conflict('This RSVP is not attending, so there is nothing to pay');
      const paid = await em.count(Payment, { rsvpId, status: 'succeeded' });
      if (paid > 0) throw AppError.conflict('This reservation is already paid');

      const due = amountDue(event.ticketPrice, event.currency, rsvp.guestCount);
      if (due === 0) throw AppError.conflict('This event is free: no payment is needed');
      if (due > MAX_AMOUNT)
        throw AppError.conflict('This amount is too large to pay online. Please contact the concierge.');
      if (toMinorUnits(clientAmount, event.currency) !== due) {
        throw AppError.conflict(
          `The amount does not match the ticket fee of ${formatAmount(due, event.currency)}. Please reload the page and try again.`,
        );
      }
      // A guest who comes back after the hold lapsed gets the seats again if they are still free.
      const holdLive = rsvp.holdExpiresAt && rsvp.holdExpiresAt.getTime() > Date.now();
      if (rsvp.status === 'pending' && !holdLive) {
        if ((await seatsTaken(em, event.id, rsvp.id)) + rsvp.guestCount > event.capacity) {
          throw AppError.conflict(AT_CAPACITY_MESSAGE);
        }
        rsvp.holdExpiresAt = new Date(Date.now() + this.config.PAYMENT_HOLD_MINUTES * 60_000);
      }
      return { amount: due, currency: event.currency, eventName: event.name };
    });

    // Under the RSVP's lock only (no event lock while we talk to the provider): two clicks give one intent.
    const { payment, clientSecret } = await this.em.fork().transactional(async (em) => {
      await em.findOne(Rsvp, { id: rsvpId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      const open = await em.findOne(
        Payment,
        { rsvpId, amount, currency, status: { $in: ['pending', 'failed'] }, transactionId: { $ne: null } },
        { orderBy: { createdAt: 'desc' } },
      );
      if (open?.transactionId) {
        const intent = await this.callGateway(() => this.gateway.retrieveIntent(open.transactionId as string));
        if (intent && OPEN_INTENT_STATUSES.includes(intent.status) && intent.amount === amount) {
          open.status = 'pending';
          return { payment: open, clientSecret: intent.clientSecret };
        }
      }
      const created = em.create(Payment, { rsvpId, amount, currency, status: 'pending' });
      const intent = await this.callGateway(() =>
        this.gateway.createIntent({
          amount,
          currency,
          idempotencyKey: `payment-intent:${created.id}`,
          description: `${eventName}: reservation ${rsvpId}`,
          metadata: { paymentId: created.id, rsvpId },
        }),
      );
      created.transactionId = intent.id;
      return { payment: created, clientSecret: intent.clientSecret };
    });
    return { payment: paymentView(payment), clientSecret };
  }

  /**
   * The browser says the provider confirmed. We ask the provider ourselves and record a success
   * only if it says so; the webhook may have recorded it already, which changes nothing.
   */
  async confirm(paymentId: string, paymentIntentId: string): Promise<PaymentView> {
    if (!UUID.test(paymentId)) throw AppError.notFound('Payment not found');
    const payment = await this.em.fork().findOne(Payment, { id: paymentId });
    if (!payment) throw AppError.notFound('Payment not found');
    if (payment.transactionId !== paymentIntentId) {
      throw AppError.badRequest('This payment intent does not belong to this payment');
    }
    const intent = await this.callGateway(() => this.gateway.retrieveIntent(paymentIntentId));
    if (!intent || intent.status !== 'succeeded') {
      throw AppError.conflict(intent?.lastError ?? 'The payment has not succeeded yet');
    }
    await this.em.fork().transactional((em) =>
      this.settlement.settle(em, {
        kind: 'succeeded',
        intentId: intent.id,
        amount: intent.amount,
        currency: intent.currency,
        paymentMethodType: intent.paymentMethodType,
        receiptUrl: intent.receiptUrl,
      }),
    );
    const settled = await this.em.fork().findOneOrFail(Payment, { id: paymentId });
    if (settled.refundReason === 'no_seat') {
      throw AppError.conflict(
        'We are sorry: the event filled up while your payment was processed. Your payment will be refunded in full.',
      );
    }
    return paymentView(settled);
  }

  /** An administrator's refund: asked of the provider now, recorded as refunded by its event. */
  async refundByAdmin(paymentId: string): Promise<PaymentView> {
    if (!UUID.test(paymentId)) throw AppError.notFound('Payment not found');
    const payment = await this.em.fork().transactional(async (em) => {
      const p = await em.findOne(Payment, { id: paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!p) throw AppError.notFound('Payment not found');
      if (p.status === 'refunded') throw AppError.conflict('This payment has already been refunded');
      if (p.status !== 'succeeded') throw AppError.conflict('Only a succeeded payment can be refunded');
      if (!p.refundRequestedAt) {
        p.refundReason = 'admin';
        p.refundRequestedAt = new Date();
      }
      return p;
    });
    await this.requestRefund(payment);
    return paymentView(payment);
  }

  /** Asks the provider for a full refund; the idempotency key makes a retry ask once. */
  async requestRefund(payment: Payment): Promise<void> {
    if (!payment.transactionId) return;
    await this.callGateway(() =>
      this.gateway.refund({
        paymentIntentId: payment.transactionId as string,
        idempotencyKey: `refund:${payment.id}`,
        reason: payment.refundReason ?? undefined,
      }),
    ).catch((error: unknown) => {
      // Refunded already (e.g. from the provider's dashboard): its event lands it as refunded.
      if (error instanceof AppError && /already been refunded/.test(error.message)) return;
      throw error;
    });
  }

  /** For the refund job. */
  async refundForJob(paymentId: string): Promise<void> {
    const payment = await this.em.fork().findOne(Payment, { id: paymentId });
    if (!payment || payment.status !== 'succeeded' || !payment.refundRequestedAt) return;
    await this.requestRefund(payment);
  }

  /** Drops the seats of guests whose payment window has passed, so others may take them. */
  async releaseExpiredHolds(): Promise<number> {
    const released = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ id: string }>>(
        `update rsvps set hold_expires_at = null, updated_at = now()
          where status = 'pending' and hold_expires_at is not null and hold_expires_at <= now() returning id`,
      );
    if (released.length) this.logger.log(`Released ${released.length} expired payment hold(s)`);
    return released.length;
  }

  async findById(id: string): Promise<Payment | null> {
    return UUID.test(id) ? this.em.fork().findOne(Payment, { id }) : null;
  }

  async findWithContext(id: string) {
    const em = this.em.fork();
    const payment = await em.findOne(Payment, { id });
    const rsvp = payment && (await em.findOne(Rsvp, { id: payment.rsvpId }));
    const invitation = rsvp && (await em.findOne(Invitation, { id: rsvp.invitationId }));
    const event = rsvp && (await em.findOne(Event, { id: rsvp.eventId }));
    return payment && rsvp && invitation && event ? { payment, rsvp, invitation, event } : null;
  }

  async list(query: PageQueryDto, eventId?: number): Promise<{ data: PaymentAdminRow[]; total: number }> {
    const { limit, offset } = pageOf(query);
    const conn = this.em.fork().getConnection();
    const filter = eventId === undefined ? '' : 'where r.event_id = ?';
    const params = eventId === undefined ? [] : [eventId];
    const rows = await conn.execute<Array<Record<string, unknown>>>(
      `select p.id, p.rsvp_id, p.amount, p.currency, p.status, p.payment_method_type, p.transaction_id,
              p.payment_date, p.refunded_at, p.receipt_url, p.failure_message, p.refund_reason,
              p.refund_requested_at, p.created_at, p.updated_at,
              r.status as rsvp_status, r.guest_count,
              i.id as invitation_id, i.recipient_name, i.recipient_email, i.invitation_code, i.status as invitation_status,
              e.id as event_id, e.name as event_name, to_char(e.date, 'YYYY-MM-DD') as event_date, e.currency as event_currency,
              count(*) over () as total
         from payments p
         join rsvps r on r.id = p.rsvp_id
         join invitations i on i.id = r.invitation_id
         join events e on e.id = r.event_id
         ${filter}
        order by p.created_at desc, p.id desc
        limit ? offset ?`,
      [...params, limit, offset],
    );
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && offset > 0) {
      const [{ count }] = await conn.execute<Array<{ count: number }>>(
        `select count(*)::int as count from payments p join rsvps r on r.id = p.rsvp_id ${filter}`,
        params,
      );
      total = Number(count);
    }
    return {
      total,
      data: rows.map((r) => {
        const amount = Number(r.amount);
        const currency = String(r.currency);
        return {
          id: String(r.id),
          rsvpId: String(r.rsvp_id),
          amount: toMajorUnits(amount, currency),
          amountMinor: amount,
          currency,
          status: r.status as Payment['status'],
          paymentMethodType: (r.payment_method_type as string | null) ?? null,
          transactionId: (r.transaction_id as string | null) ?? null,
          paymentDate: (r.payment_date as Date | null) ?? null,
          refundedAt: (r.refunded_at as Date | null) ?? null,
          receiptUrl: (r.receipt_url as string | null) ?? null,
          failureMessage: (r.failure_message as string | null) ?? null,
          refundReason: (r.refund_reason as Payment['refundReason']) ?? null,
          refundRequestedAt: (r.refund_requested_at as Date | null) ?? null,
          createdAt: r.created_at as Date,
          updatedAt: r.updated_at as Date,
          invitation: {
            id: Number(r.invitation_id),
            recipientName: String(r.recipient_name),
            recipientEmail: String(r.recipient_email),
            invitationCode: String(r.invitation_code),
            status: String(r.invitation_status),
          },
          event: {
            id: Number(r.event_id),
            name: String(r.event_name),
            date: String(r.event_date),
            currency: String(r.event_currency),
          },
          rsvp: { id: String(r.rsvp_id), status: String(r.rsvp_status), guestCount: Number(r.guest_count) },
        };
      }),
    };
  }

  /** Provider failures become readable answers; a provider outage is a 503, never a 500. */
  private async callGateway<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof GatewayError) {
        this.logger.warn(`Payment provider refused: ${error.message}`);
        throw error.statusCode && error.statusCode < 500
          ? AppError.conflict(error.message)
          : AppError.unavailable('The payment provider is unavailable. Please try again in a moment.');
      }
      if (error instanceof AppError) throw error;
      this.logger.error(`Payment provider unreachable: ${(error as Error).message}`);
      throw AppError.unavailable('The payment provider is unavailable. Please try again in a moment.');
    }
  }
}
