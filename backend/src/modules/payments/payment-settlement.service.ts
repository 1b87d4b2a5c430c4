import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PAYMENT_GATEWAY, type GatewayEvent, type PaymentGateway } from '../../platform/payments/payment-gateway';
import { OutboxService } from '../../platform/queue/outbox.service';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import type { EventView } from '../events';
import { ReservationsService, type ReservationView } from '../invitations';
import { amountDue } from './money';
import { PaymentEventRoutes } from './payment-event-routes';
import { Payment, type RefundReason } from './payment.entity';
import { StripeEvent } from './stripe-event.entity';

/** What the provider says happened to a PaymentIntent (or its charge). */
export type IntentOutcome =
  | {
      kind: 'succeeded';
      intentId: string;
      amount: number;
      currency: string;
      paymentMethodType: string | null;
      receiptUrl: string | null;
    }
  | { kind: 'failed'; intentId: string; message: string }
  | { kind: 'canceled'; intentId: string }
  | { kind: 'refunded'; intentId: string; amountRefunded: number; currency: string; receiptUrl: string | null };

export type SettleResult =
  | 'applied'
  | 'unchanged'
  | 'unknown-payment'
  | 'refund-no-seat'
  | 'refund-changed'
  | 'refund-duplicate'
  | 'refund-event-cancelled'
  | 'partial-refund'
  | `rejected: ${string}`;

export const refundNoticeKey = (paymentId: string) => `payment.refund-notice:${paymentId}`;
/** One notice per partial refund (a guest who lowered the count). */
export const partialRefundNoticeKey = (refundId: string) => `payment.refund-notice:part:${refundId}`;

/** The guests a reservation is to be paid for: its count, or the larger count asked for; none once declined. */
export function guestsToPay(rsvp: ReservationView): number {
  if (rsvp.status === 'not_attending') return 0;
  return rsvp.status === 'attending' ? Math.max(rsvp.guestCount, rsvp.raiseTo ?? 0) : rsvp.guestCount;
}

export const SUPERSEDED_MESSAGE = 'Replaced: the reservation changed before this payment was made';
export const EVENT_CANCELLED_MESSAGE = 'The event was cancelled before this payment was made';

const REFUND_RESULTS: Record<Exclude<RefundReason, 'admin' | 'no_seat' | 'guest_change'>, SettleResult> = {
  changed: 'refund-changed',
  duplicate: 'refund-duplicate',
  event_cancelled: 'refund-event-cancelled',
};

/**
 * The one place a payment changes state. Confirm calls and webhook events both end here, in one
 * transaction under the event's lock (seats) and the RSVP's lock, so whichever arrives second
 * finds the work done and changes nothing: one transition, one email.
 */
@Injectable()
export class PaymentSettlement {
  private readonly logger = new Logger(PaymentSettlement.name);

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly emails: EmailDeliveryService,
    private readonly reservations: ReservationsService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly routes: PaymentEventRoutes,
  ) {}

  /** Applies a stored provider event once; a second run (retry, duplicate job) changes nothing. */
  async applyStoredEvent(eventId: string): Promise<string> {
    const stored = await this.em.fork().findOne(StripeEvent, { id: eventId });
    if (!stored) return 'missing';
    if (stored.processedAt) return stored.outcome ?? 'done';
    const route = await this.routes.routeOf(this.em.fork(), stored.payload as unknown as GatewayEvent);
    if (route) return this.applyRouted(eventId, (em, event) => route.apply(em, event));
    const outcome = await this.outcomeOf(stored.payload as unknown as GatewayEvent);
    return this.em.fork().transactional(async (em) => {
      const row = await em.findOne(
        StripeEvent,
        { id: eventId },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      );
      if (!row || row.processedAt) return row?.outcome ?? 'done';
      const result = outcome ? await this.settle(em, outcome) : 'ignored';
      row.processedAt = new Date();
      row.outcome = result;
      return result;
    });
  }

  /** Another module's event, applied by it under the same lock and processed mark as ours. */
  private applyRouted(eventId: string, apply: (em: EntityManager, event: GatewayEvent) => Promise<string>) {
    return this.em.fork().transactional(async (em) => {
      const row = await em.findOne(
        StripeEvent,
        { id: eventId },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      );
      if (!row || row.processedAt) return row?.outcome ?? 'done';
      const result = await apply(em, row.payload as unknown as GatewayEvent);
      row.processedAt = new Date();
      row.outcome = result;
      return result;
    });
  }

  /** Reads an event into an outcome; a success is completed with the receipt from the provider. */
  private async outcomeOf(event: GatewayEvent): Promise<IntentOutcome | null> {
    const object = event.data.object as Record<string, unknown>;
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intentId = String(object.id);
        const fresh = await this.gateway.retrieveIntent(intentId);
        return {
          kind: 'succeeded',
          intentId,
          amount: Number(object.amount_received ?? object.amount),
          currency: String(object.currency),
          paymentMethodType: fresh?.paymentMethodType ?? firstMethod(object),
          receiptUrl: fresh?.receiptUrl ?? null,
        };
      }
      case 'payment_intent.payment_failed': {
        const error = object.last_payment_error as { message?: string } | null | undefined;
        return {
          kind: 'failed',
          intentId: String(object.id),
          message: error?.message ?? 'Something went wrong with your payment',
        };
      }
      case 'payment_intent.canceled':
        return { kind: 'canceled', intentId: String(object.id) };
      case 'charge.refunded': {
        // Partial refunds (a guest who lowered the count) come as charge.refunded too, not yet `refunded`.
        if (typeof object.payment_intent !== 'string' || !(Number(object.amount_refunded) > 0)) return null;
        return {
          kind: 'refunded',
          intentId: object.payment_intent,
          amountRefunded: Number(object.amount_refunded),
          currency: String(object.currency),
          receiptUrl: typeof object.receipt_url === 'string' ? object.receipt_url : null,
        };
      }
      default:
        return null;
    }
  }

  /** The transition itself. Runs inside the caller's transaction. */
  async settle(em: EntityManager, outcome: IntentOutcome): Promise<SettleResult> {
    const found = await em.findOne(Payment, { transactionId: outcome.intentId });
    if (!found) return 'unknown-payment';
    // Lock order everywhere: event, then RSVP, then payment.
    const locked = await this.reservations.lockWithEvent(em, found.rsvpId);
    const event = locked?.event;
    const rsvp = locked?.reservation;
    const payment = await em.findOne(
      Payment,
      { id: found.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!event || !rsvp || !payment) return 'unknown-payment';

    switch (outcome.kind) {
      case 'failed':
      case 'canceled': {
        // A late failure never overwrites a success (or a refund).
        if (payment.status !== 'pending') return 'unchanged';
        payment.status = 'failed';
        payment.failureMessage = outcome.kind === 'failed' ? outcome.message : 'The payment was canceled';
        return 'applied';
      }
      case 'refunded': {
        if (payment.status === 'refunded') return 'unchanged';
        if (outcome.currency.toUpperCase() !== payment.currency) {
          return `rejected: refund of ${outcome.amountRefunded} ${outcome.currency} does not cover ${payment.amount} ${payment.currency}`;
        }
        await this.landPartialRefunds(em, payment, outcome.amountRefunded);
        if (outcome.amountRefunded < payment.amount) return 'partial-refund';
        payment.status = 'refunded';
        payment.refundedAt = new Date();
        payment.refundRequestedAt ??= payment.refundedAt;
        // Refunded without our asking (the provider's dashboard): as if an administrator had.
        payment.refundReason ??= 'admin';
        payment.refundError = null;
        if (outcome.receiptUrl) payment.receiptUrl = outcome.receiptUrl;
        const invitation = rsvp.invitation;
        // The reservation this payment paid for is given up and its seats go back on sale, unless
        // another payment still pays for it (this one was a duplicate).
        if (rsvp.status === 'attending' && !(await this.paidByAnother(em, rsvp, payment))) {
          await this.reservations.giveUp(em, rsvp.id);
        }
        // Automatic refunds told the guest when they were decided; an administrator's is told now.
        if (payment.refundReason === 'admin' && invitation) {
          await em.flush();
          await this.queueRefundNotice(em, payment, invitation);
        }
        return 'applied';
      }
      case 'succeeded': {
        if (payment.status === 'succeeded' || payment.status === 'refunded') {
          if (!payment.receiptUrl && outcome.receiptUrl) payment.receiptUrl = outcome.receiptUrl;
          return 'unchanged';
        }
        if (outcome.amount !== payment.amount || outcome.currency.toUpperCase() !== payment.currency) {
          this.logger.error(
            `Payment ${payment.id}: provider reports ${outcome.amount} ${outcome.currency}, expected ${payment.amount} ${payment.currency}`,
          );
          return `rejected: amount ${outcome.amount} ${outcome.currency} does not match ${payment.amount} ${payment.currency}`;
        }
        payment.status = 'succeeded';
        payment.paymentDate = new Date();
        payment.paymentMethodType = outcome.paymentMethodType ?? payment.paymentMethodType ?? 'card';
        payment.receiptUrl = outcome.receiptUrl ?? payment.receiptUrl ?? null;
        payment.failureMessage = null;

        const invitation = rsvp.invitation;
        // The money is ours to keep only if it pays for the reservation as it stands now.
        const mismatch = await this.mismatch(em, payment, rsvp, event, invitation);
        if (mismatch) {
          await this.refundAutomatically(em, payment, mismatch, invitation);
          return REFUND_RESULTS[mismatch];
        }
        if (rsvp.status === 'attending' && rsvp.raiseTo) {
          // The difference for more guests: their seats were held, or are still free.
          const raiseHeld = !!rsvp.holdExpiresAt && rsvp.holdExpiresAt.getTime() > Date.now();
          if (!raiseHeld && !(await this.reservations.seatsFree(em, { ...rsvp, guestCount: rsvp.raiseTo }, event))) {
            await this.reservations.dropHold(em, rsvp.id);
            await this.refundAutomatically(em, payment, 'no_seat', invitation);
            return 'refund-no-seat';
          }
          await this.reservations.confirmRaise(em, rsvp.id);
          return 'applied';
        }
        if (rsvp.status === 'attending') return 'applied';
        const holdLive = rsvp.status === 'pending' && !!rsvp.holdExpiresAt && rsvp.holdExpiresAt.getTime() > Date.now();
        const seatsFree = holdLive || (await this.reservations.seatsFree(em, rsvp, event));
        if (!seatsFree) {
          // The hold expired and the seats were sold meanwhile: the guest gets the money back.
          await this.reservations.dropHold(em, rsvp.id);
          await this.refundAutomatically(em, payment, 'no_seat', invitation);
          return 'refund-no-seat';
        }
        const attending = await this.reservations.confirmPaid(em, rsvp.id);
        // Other intents still open for this reservation (another tab) can no longer be paid.
        await this.supersedeStale(em, attending, event);
        return 'applied';
      }
    }
  }

  /**
   * Why a successful payment cannot stand, or null when it pays for the reservation as it is:
   * another payment paid for it already; or the answer changed since the payment was opened
   * (declined, another guest count, another price), or the invitation or event was cancelled.
   */
  private async mismatch(
    em: EntityManager,
    payment: Payment,
    rsvp: ReservationView,
    event: EventView,
    invitation: ReservationView['invitation'],
  ): Promise<Exclude<RefundReason, 'admin' | 'no_seat' | 'guest_change'> | null> {
    const due = amountDue(String(event.ticketPrice), event.currency, guestsToPay(rsvp));
    const paidByOthers = await this.netPaid(em, rsvp.id, payment.id);
    if (paidByOthers > 0 && paidByOthers >= due) return 'duplicate';
    if (event.status === 'cancelled') return 'event_cancelled';
    if (!invitation || invitation.status === 'cancelled') return 'changed';
    if (rsvp.status === 'not_attending') return 'changed';
    if (payment.currency !== event.currency || payment.amount !== due - paidByOthers) return 'changed';
    return null;
  }

  /**
   * What the guest has paid for the reservation and keeps paid: succeeded payments not being
   * given back, less their partial refunds (asked for or landed). `except` leaves one payment out.
   */
  async netPaid(em: EntityManager, rsvpId: string, except?: string): Promise<number> {
    const [{ paid }] = await em.execute<Array<{ paid: number }>>(
      `select coalesce(sum(p.amount - coalesce((select sum(r.amount) from payment_refunds r
                                                  where r.payment_id = p.id and r.error is null), 0)), 0)::int as paid
         from payments p
        where p.rsvp_id = ? and p.status = 'succeeded' and p.refund_requested_at is null
          and (?::uuid is null or p.id <> ?::uuid)`,
      [rsvpId, except ?? null, except ?? null],
    );
    return Number(paid);
  }

  /**
   * A guest lowered the count or declined (before the RSVP deadline): what they paid beyond what
   * the reservation now costs goes back through the refund jobs, the latest payment first. A
   * whole payment is refunded as refunds are; part of one as a partial refund. Runs in the
   * answer's transaction, under the event's and the RSVP's locks.
   */
  async refundExcess(em: EntityManager, rsvp: ReservationView, event: EventView): Promise<void> {
    const due = amountDue(String(event.ticketPrice), event.currency, guestsToPay(rsvp));
    let excess = (await this.netPaid(em, rsvp.id)) - due;
    if (excess <= 0) return;
    const payments = await em.find(
      Payment,
      { rsvpId: rsvp.id, status: 'succeeded', refundRequestedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { createdAt: 'desc' } },
    );
    for (const payment of payments) {
      if (excess <= 0) break;
      const [{ partial }] = await em.execute<Array<{ partial: number }>>(
        `select coalesce(sum(amount), 0)::int as partial from payment_refunds where payment_id = ? and error is null`,
        [payment.id],
      );
      const left = payment.amount - Number(partial);
      const take = Math.min(left, excess);
      if (take <= 0) continue;
      excess -= take;
      if (take === payment.amount) {
        await this.refundAutomatically(em, payment, 'guest_change', rsvp.invitation);
        continue;
      }
      // What lands last closes the payment as refunded: it is the guest's change, not an admin's.
      if (take === left) payment.refundReason = 'guest_change';
      const [{ id }] = await em.execute<Array<{ id: string }>>(
        `insert into payment_refunds (payment_id, amount, reason) values (?, ?, 'guest_change') returning id`,
        [payment.id, take],
      );
      await this.outbox.add(em, 'payment.partial-refund', { refundId: id });
      if (rsvp.invitation) {
        await this.emails.queue(
          em,
          { key: partialRefundNoticeKey(id), kind: 'payment.refund-notice', recipient: rsvp.invitation.recipientEmail },
          'payment.partial-refund-notice',
          { refundId: id },
        );
      }
    }
    await em.flush();
  }

  /** The provider says `amountRefunded` of the charge is back: the partial refunds it covers have landed. */
  private async landPartialRefunds(em: EntityManager, payment: Payment, amountRefunded: number): Promise<void> {
    await em.execute(
      `update payment_refunds r set refunded_at = now(), updated_at = now()
         from (select id, sum(amount) over (order by requested_at, id) as running
                 from payment_refunds where payment_id = ? and error is null) c
        where r.id = c.id and r.refunded_at is null and c.running <= ?`,
      [payment.id, amountRefunded],
    );
  }

  /** A partial refund and its payment, for the refund job and the guest's notice. */
  async partialRefund(refundId: string): Promise<{
    id: string;
    paymentId: string;
    amount: number;
    requestedAt: Date;
    refundedAt: Date | null;
    error: string | null;
  } | null> {
    const [row] = await this.em.fork().getConnection().execute<
      Array<{
        id: string;
        payment_id: string;
        amount: number;
        requested_at: Date;
        refunded_at: Date | null;
        error: string | null;
      }>
    >(`select id, payment_id, amount, requested_at, refunded_at, error from payment_refunds where id = ?`, [refundId]);
    return row
      ? {
          id: row.id,
          paymentId: row.payment_id,
          amount: Number(row.amount),
          requestedAt: row.requested_at,
          refundedAt: row.refunded_at,
          error: row.error,
        }
      : null;
  }

  /** The provider refused a partial refund (or stayed away past the retries): recorded for the admin. */
  async failPartialRefund(refundId: string, message: string): Promise<void> {
    await this.em
      .fork()
      .getConnection()
      .execute(`update payment_refunds set error = ?, updated_at = now() where id = ? and refunded_at is null`, [
        message.slice(0, 1000),
        refundId,
      ]);
  }

  /** Whether another payment of this reservation succeeded and is not being given back. */
  private async paidByAnother(em: EntityManager, rsvp: ReservationView, payment: Payment): Promise<boolean> {
    const others = await em.count(Payment, {
      rsvpId: rsvp.id,
      id: { $ne: payment.id },
      status: 'succeeded',
      refundRequestedAt: null,
    });
    return others > 0;
  }

  /** Gives a successful payment back (refund job, retried) and tells the guest why, once. */
  private async refundAutomatically(
    em: EntityManager,
    payment: Payment,
    reason: Exclude<RefundReason, 'admin'>,
    invitation: ReservationView['invitation'] | undefined,
  ): Promise<void> {
    payment.refundReason = reason;
    payment.refundRequestedAt = new Date();
    payment.refundError = null;
    await em.flush();
    await this.outbox.add(em, 'payment.refund', { paymentId: payment.id });
    if (invitation) await this.queueRefundNotice(em, payment, invitation);
  }

  private async queueRefundNotice(
    em: EntityManager,
    payment: Payment,
    invitation: NonNullable<ReservationView['invitation']>,
  ): Promise<void> {
    await this.emails.queue(
      em,
      { key: refundNoticeKey(payment.id), kind: 'payment.refund-notice', recipient: invitation.recipientEmail },
      'payment.refund-notice',
      { paymentId: payment.id },
    );
  }

  /**
   * The event was cancelled (its row locked by the caller's transaction): every payment that
   * stands for it is refunded through the refund job, each guest told once, and payments still
   * open can no longer be paid (their intents are canceled). One paid anyway meanwhile is
   * refunded when its success lands (see mismatch).
   */
  async settleCancelledEvent(em: EntityManager, event: EventView): Promise<void> {
    const rsvpIds = await this.reservations.idsForEvent(em, event.id);
    if (rsvpIds.length === 0) return;
    const standing = await em.execute<Array<{ id: string }>>(
      `select p.id from payments p
        where p.rsvp_id = any(?::uuid[])
          and ((p.status = 'succeeded' and p.refund_requested_at is null)
            or (p.status in ('pending', 'failed') and p.superseded_at is null))
        order by p.created_at, p.id`,
      [`{${rsvpIds.join(',')}}`],
    );
    for (const { id } of standing) {
      const payment = await em.findOneOrFail(Payment, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (payment.status === 'succeeded') {
        const reservation = await this.reservations.find(payment.rsvpId);
        await this.refundAutomatically(em, payment, 'event_cancelled', reservation?.invitation ?? null);
        continue;
      }
      payment.supersededAt = new Date();
      payment.status = 'failed';
      payment.failureMessage = EVENT_CANCELLED_MESSAGE;
      if (payment.transactionId) await this.outbox.add(em, 'payment.cancel-intent', { paymentId: payment.id });
    }
    await em.flush();
  }

  /**
   * After an answer changes (or a payment confirms the reservation), the payments still open for
   * it that no longer match are superseded: never reused, and their intents are canceled by a
   * job. One paid anyway in the meantime is refunded when its success lands (see mismatch).
   * Runs in the caller's transaction, under the event's and the RSVP's locks.
   */
  async supersedeStale(em: EntityManager, rsvp: ReservationView, event: EventView): Promise<void> {
    const open = await em.find(
      Payment,
      { rsvpId: rsvp.id, status: { $in: ['pending', 'failed'] }, supersededAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (open.length === 0) return;
    // What is still to pay: a pending reservation's fee, or the difference for more guests asked for.
    const due =
      rsvp.status === 'pending' || (rsvp.status === 'attending' && rsvp.raiseTo)
        ? amountDue(String(event.ticketPrice), event.currency, guestsToPay(rsvp)) - (await this.netPaid(em, rsvp.id))
        : null;
    for (const payment of open) {
      if (due !== null && payment.amount === due && payment.currency === event.currency) continue;
      payment.supersededAt = new Date();
      payment.status = 'failed';
      payment.failureMessage = SUPERSEDED_MESSAGE;
      if (payment.transactionId) await this.outbox.add(em, 'payment.cancel-intent', { paymentId: payment.id });
    }
    await em.flush();
  }
}

function firstMethod(object: Record<string, unknown>): string | null {
  const types = object.payment_method_types;
  return Array.isArray(types) && typeof types[0] === 'string' ? types[0] : null;
}
