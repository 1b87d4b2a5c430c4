import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import { AppError } from '../../common/app-error';
import { AuditService } from '../audit';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import {
  GatewayError,
  OPEN_INTENT_STATUSES,
  PAYMENT_GATEWAY,
  type PaymentGateway,
} from '../../platform/payments/payment-gateway';
import { isFinalAttempt } from '../../platform/mail/email-delivery.service';
import { OutboxService } from '../../platform/queue/outbox.service';
import { pageOf, type PageQueryDto } from '../../common/page-query.dto';
import { EventLifecycle } from '../events';
import { AT_CAPACITY_MESSAGE, ReservationsService, RsvpChanges } from '../invitations';
import { amountDue, formatAmount, toMajorUnits, toMinorUnits } from './money';
import { Payment } from './payment.entity';
import { guestsToPay, PaymentSettlement } from './payment-settlement.service';
import { UUID } from '../../common/uuid';

const MAX_AMOUNT = 2_000_000_000;
const CHANGED_WHILE_PAYING = 'Your reservation has changed. Please reload the page and try again.';

/** What the guest is told when their payment landed but is being given back automatically. */
const AUTOMATIC_REFUND_MESSAGES: Partial<Record<NonNullable<Payment['refundReason']>, string>> = {
  no_seat: 'We are sorry: the event filled up while your payment was processed. Your payment will be refunded in full.',
  changed:
    'Your reservation changed while this payment was processed, so this payment will be refunded in full. Please return to your invitation.',
  duplicate: 'Your reservation was already paid, so this second payment will be refunded in full.',
  event_cancelled: 'This event has been cancelled, so your payment will be refunded in full.',
};

/** What the guest's pages may know of the payment for their reservation. */
export interface GuestPaymentView {
  id: string;
  status: Payment['status'];
  /** A refund has been asked for and has not landed yet. */
  refundPending: boolean;
  failureMessage: string | null;
}

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
  refundError: string | null;
  supersededAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PaymentAdminRow extends PaymentView {
  /** Major units of the payment given back in part (a guest who lowered the count): landed, and asked for. */
  partRefunded: number;
  partRefundPending: number;
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
    refundError: p.refundError ?? null,
    supersededAt: p.supersededAt ?? null,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

@Injectable()
export class PaymentsService implements OnModuleInit {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly settlement: PaymentSettlement,
    private readonly outbox: OutboxService,
    private readonly rsvpChanges: RsvpChanges,
    private readonly eventLifecycle: EventLifecycle,
    private readonly reservations: ReservationsService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  /**
   * A guest who changes their answer can no longer pay what was open for the old one; a
   * cancelled event refunds what was paid for it.
   */
  onModuleInit(): void {
    this.rsvpChanges.subscribe(async ({ em, rsvp, event }) => {
      await this.settlement.supersedeStale(em, rsvp, event);
      // Fewer guests, or a decline, before the deadline: the difference goes back.
      await this.settlement.refundExcess(em, rsvp, event);
    });
    this.eventLifecycle.onCancelled(({ em, event }) => this.settlement.settleCancelledEvent(em, event));
  }

  /**
   * Starts (or resumes) paying for an RSVP. The amount is the server's: the event's price times
   * the guests; the client's figure is only checked. Seats stay held while the guest pays (one
   * hold per reservation, see holdSeats).
   */
  async createForRsvp(rsvpId: string, clientAmount: number) {
    if (!UUID.test(rsvpId)) throw AppError.notFound('Reservation not found');
    const { amount, currency, eventName } = await this.em.fork().transactional(async (em) => {
      const locked = await this.reservations.lockWithEvent(em, rsvpId);
      if (!locked?.reservation.invitation) throw AppError.notFound('Reservation not found');
      const { event, reservation: rsvp } = locked;
      const invitation = locked.reservation.invitation;
      if (invitation.status === 'cancelled') throw AppError.conflict('This invitation has been cancelled');
      if (event.status === 'cancelled') throw AppError.conflict('This event has been cancelled');
      if (rsvp.status === 'not_attending')
        throw AppError.conflict('This RSVP is not attending, so there is nothing to pay');
      // A guest who asked for more guests pays the difference; anyone else the whole fee.
      const fee = amountDue(String(event.ticketPrice), event.currency, guestsToPay(rsvp));
      if (fee === 0) throw AppError.conflict('This event is free: no payment is needed');
      const due = fee - (await this.settlement.netPaid(em, rsvpId));
      if (due <= 0) throw AppError.conflict('This reservation is already paid');
      if (due > MAX_AMOUNT)
        throw AppError.conflict('This amount is too large to pay online. Please contact the concierge.');
      if (toMinorUnits(clientAmount, event.currency) !== due) {
        throw AppError.conflict(
          `The amount does not match the ticket fee of ${formatAmount(due, event.currency)}. Please reload the page and try again.`,
        );
      }
      // A guest back after the hold lapsed pays only while the seats are still free (and gets no
      // second hold: the payment re-checks capacity when it lands).
      if (rsvp.status === 'pending') {
        await this.reservations.holdForPayment(em, rsvp.id, event, this.config.PAYMENT_HOLD_MINUTES);
      } else if (!(await this.reservations.seatsFree(em, { ...rsvp, guestCount: guestsToPay(rsvp) }, event))) {
        const held = !!rsvp.holdExpiresAt && rsvp.holdExpiresAt.getTime() > Date.now();
        if (!held) throw AppError.conflict(AT_CAPACITY_MESSAGE, 'EVENT_AT_CAPACITY');
      }
      return { amount: due, currency: event.currency, eventName: event.name };
    });

    // Under the RSVP's lock only (no event lock while we talk to the provider): two clicks give one
    // intent, and an answer changed meanwhile (which takes this lock too) is seen here.
    const { payment, clientSecret } = await this.em.fork().transactional(async (em) => {
      const locked = await this.reservations.lock(em, rsvpId);
      if (
        !locked ||
        locked.reservation.status === 'not_attending' ||
        locked.event.currency !== currency ||
        amountDue(String(locked.event.ticketPrice), locked.event.currency, guestsToPay(locked.reservation)) -
          (await this.settlement.netPaid(em, rsvpId)) !==
          amount
      ) {
        throw AppError.conflict(CHANGED_WHILE_PAYING);
      }
      const open = await em.findOne(
        Payment,
        {
          rsvpId,
          amount,
          currency,
          status: { $in: ['pending', 'failed'] },
          transactionId: { $ne: null },
          supersededAt: null,
        },
        { orderBy: { createdAt: 'desc' } },
      );
      if (open?.transactionId) {
        const intent = await this.callGateway(() => this.gateway.retrieveIntent(open.transactionId as string));
        if (intent && OPEN_INTENT_STATUSES.includes(intent.status) && intent.amount === amount) {
          open.status = 'pending';
          return { payment: open, clientSecret: intent.clientSecret };
        }
      }
      // The same reservation, amount and attempt always ask with the same key, so a create whose
      // answer was lost (a timeout) and is tried again gets the intent made the first time.
      const attempt = (await em.count(Payment, { rsvpId, amount, currency })) + 1;
      const intent = await this.callGateway(() =>
        this.gateway.createIntent({
          amount,
          currency,
          idempotencyKey: `payment-intent:${rsvpId}:${currency}:${amount}:${attempt}`,
          description: `${eventName}: reservation ${rsvpId}`,
          metadata: { rsvpId, attempt: String(attempt) },
        }),
      );
      const known = await em.findOne(Payment, { transactionId: intent.id });
      if (known) return { payment: known, clientSecret: intent.clientSecret };
      const created = em.create(Payment, { rsvpId, amount, currency, status: 'pending', transactionId: intent.id });
      return { payment: created, clientSecret: intent.clientSecret };
    });
    return { payment: paymentView(payment), clientSecret };
  }

  /** The latest word on the reservation's payment, for the guest's thank-you page. */
  async forGuest(rsvpId: string): Promise<GuestPaymentView | null> {
    if (!UUID.test(rsvpId)) throw AppError.notFound('Reservation not found');
    const em = this.em.fork();
    if (!(await this.reservations.find(rsvpId))) throw AppError.notFound('Reservation not found');
    const payments = await em.find(Payment, { rsvpId, supersededAt: null }, { orderBy: { createdAt: 'desc' } });
    // The payment that pays for the reservation speaks first; else the latest attempt.
    const latest = payments.find((p) => p.status === 'succeeded' && !p.refundRequestedAt) ?? payments[0];
    if (!latest) return null;
    return {
      id: latest.id,
      status: latest.status,
      refundPending: latest.status === 'succeeded' && !!latest.refundRequestedAt,
      failureMessage: latest.status === 'failed' ? (latest.failureMessage ?? null) : null,
    };
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
    const refused = settled.refundReason ? AUTOMATIC_REFUND_MESSAGES[settled.refundReason] : undefined;
    if (refused) throw AppError.conflict(refused);
    return paymentView(settled);
  }

  /**
   * An administrator's refund: recorded now and asked of the provider by the refund job (retried
   * while the provider is away); it reads 'refunded' once the provider's event lands. A refund
   * the provider refuses comes back with its reason, and may be asked again.
   */
  async refundByAdmin(paymentId: string): Promise<PaymentView> {
    if (!UUID.test(paymentId)) throw AppError.notFound('Payment not found');
    const payment = await this.em.fork().transactional(async (em) => {
      const p = await em.findOne(Payment, { id: paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!p) throw AppError.notFound('Payment not found');
      if (p.status === 'refunded') throw AppError.conflict('This payment has already been refunded');
      if (p.status !== 'succeeded') throw AppError.conflict('Only a succeeded payment can be refunded');
      if (!p.refundRequestedAt) {
        p.refundReason ??= 'admin';
        p.refundRequestedAt = new Date();
        p.refundError = null;
        await this.outbox.add(em, 'payment.refund', { paymentId: p.id });
        await this.audit.record(em, {
          action: 'payment.refund',
          target: { type: 'payment', id: p.id },
          changes: { refundRequestedAt: [null, p.refundRequestedAt.toISOString()] },
        });
      }
      return p;
    });
    return paymentView(payment);
  }

  /**
   * The refund job: asks the provider for a full refund. The key is the request's own (payment
   * and time of asking), so retries of one request ask once and a new request after a refusal is
   * asked afresh. A refusal, or an outage outlasting the retries, clears the request with the
   * reason for the admin to see.
   */
  async refundForJob(paymentId: string, job?: Job): Promise<void> {
    const payment = await this.em.fork().findOne(Payment, { id: paymentId });
    if (!payment?.transactionId || payment.status !== 'succeeded' || !payment.refundRequestedAt) return;
    const requestedAt = payment.refundRequestedAt;
    try {
      await this.gateway.refund({
        paymentIntentId: payment.transactionId,
        idempotencyKey: `refund:${payment.id}:${requestedAt.getTime()}`,
        reason: payment.refundReason ?? undefined,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Refunded already (e.g. from the provider's dashboard): its event lands it as refunded.
      if (/already been refunded/.test(message)) return;
      const refused = error instanceof GatewayError && !!error.statusCode && error.statusCode < 500;
      if (!refused && !isFinalAttempt(job)) throw error;
      this.logger.warn(`Refund of payment ${payment.id} failed: ${message}`);
      await this.em
        .fork()
        .getConnection()
        .execute(
          `update payments set refund_requested_at = null, refund_error = ?, updated_at = now()
            where id = ? and status = 'succeeded' and date_trunc('milliseconds', refund_requested_at) = ?`,
          [
            refused ? message : `The payment provider could not be reached: ${message}`.slice(0, 1000),
            payment.id,
            requestedAt,
          ],
        );
    }
  }

  /**
   * The partial refund job (a guest who lowered the count): asks the provider for that part of
   * the charge, once per refund (its id is the key). A refusal, or an outage outlasting the
   * retries, is recorded on the refund for the admin to see.
   */
  async partialRefundForJob(refundId: string, job?: Job): Promise<void> {
    const refund = await this.settlement.partialRefund(refundId);
    if (!refund || refund.refundedAt || refund.error) return;
    const payment = await this.em.fork().findOne(Payment, { id: refund.paymentId });
    if (!payment?.transactionId || payment.status !== 'succeeded') return;
    try {
      await this.gateway.refund({
        paymentIntentId: payment.transactionId,
        idempotencyKey: `refund-part:${refund.id}`,
        amount: refund.amount,
        reason: 'guest_change',
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const refused = error instanceof GatewayError && !!error.statusCode && error.statusCode < 500;
      if (!refused && !isFinalAttempt(job)) throw error;
      this.logger.warn(`Partial refund ${refund.id} of payment ${payment.id} failed: ${message}`);
      await this.settlement.failPartialRefund(
        refund.id,
        refused ? message : `The payment provider could not be reached: ${message}`,
      );
    }
  }

  /** The job that cancels an intent superseded by a new answer; one that succeeded anyway is refunded when it lands. */
  async cancelSupersededForJob(paymentId: string): Promise<void> {
    const payment = await this.em.fork().findOne(Payment, { id: paymentId });
    if (!payment?.transactionId || !payment.supersededAt || payment.status !== 'failed') return;
    try {
      await this.gateway.cancelIntent(payment.transactionId);
    } catch (error) {
      if (error instanceof GatewayError && error.statusCode && error.statusCode < 500) {
        this.logger.log(`Superseded intent ${payment.transactionId} not canceled: ${error.message}`);
        return;
      }
      throw error;
    }
  }

  async findById(id: string): Promise<Payment | null> {
    return UUID.test(id) ? this.em.fork().findOne(Payment, { id }) : null;
  }

  async findWithContext(id: string) {
    const payment = await this.em.fork().findOne(Payment, { id });
    const context = payment && (await this.reservations.contexts([payment.rsvpId])).get(payment.rsvpId);
    return payment && context ? { payment, ...context } : null;
  }

  async list(query: PageQueryDto, eventId?: number): Promise<{ data: PaymentAdminRow[]; total: number }> {
    const { limit, offset } = pageOf(query);
    const em = this.em.fork();
    const conn = em.getConnection();
    // An event's payments are those of its reservations (invitations owns them and says which).
    const rsvpIds = eventId === undefined ? null : await this.reservations.idsForEvent(em, eventId);
    const filter = rsvpIds === null ? '' : 'where p.rsvp_id = any(?::uuid[])';
    const params = rsvpIds === null ? [] : [`{${rsvpIds.join(',')}}`];
    const rows = await conn.execute<Array<Record<string, unknown>>>(
      `select p.id, p.rsvp_id, p.amount, p.currency, p.status, p.payment_method_type, p.transaction_id,
              p.payment_date, p.refunded_at, p.receipt_url, p.failure_message, p.refund_reason,
              p.refund_requested_at, p.refund_error, p.superseded_at, p.created_at, p.updated_at,
              coalesce(r.landed, 0) as part_refunded, coalesce(r.pending, 0) as part_refund_pending,
              count(*) over () as total
         from payments p
         left join lateral (
           select sum(amount) filter (where refunded_at is not null) as landed,
                  sum(amount) filter (where refunded_at is null) as pending
             from payment_refunds where payment_id = p.id and error is null
         ) r on true
         ${filter}
        order by p.created_at desc, p.id desc
        limit ? offset ?`,
      [...params, limit, offset],
    );
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && offset > 0) {
      const [{ count }] = await conn.execute<Array<{ count: number }>>(
        `select count(*)::int as count from payments p ${filter}`,
        params,
      );
      total = Number(count);
    }
    const contexts = await this.reservations.contexts(rows.map((r) => String(r.rsvp_id)));
    return {
      total,
      data: rows.flatMap((r) => {
        const context = contexts.get(String(r.rsvp_id));
        if (!context) return [];
        const amount = Number(r.amount);
        const currency = String(r.currency);
        return [
          {
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
            refundError: (r.refund_error as string | null) ?? null,
            supersededAt: (r.superseded_at as Date | null) ?? null,
            createdAt: r.created_at as Date,
            updatedAt: r.updated_at as Date,
            partRefunded: toMajorUnits(Number(r.part_refunded), currency),
            partRefundPending: toMajorUnits(Number(r.part_refund_pending), currency),
            invitation: context.invitation,
            event: context.event,
            rsvp: context.rsvp,
          },
        ];
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
