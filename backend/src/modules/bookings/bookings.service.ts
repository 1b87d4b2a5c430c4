import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import {
  GatewayError,
  PAYMENT_GATEWAY,
  type GatewayEvent,
  type GatewayIntent,
  type PaymentGateway,
} from '../../platform/payments/payment-gateway';
import { OutboxService } from '../../platform/queue/outbox.service';
import { AuditService } from '../audit';
import { PaymentEventRoutes } from '../payments';
import { RequestsService, type RequestOption, type UserRequestView } from '../requests';
import { BookingPayment, LIVE_BOOKING_STATUSES, type BookingPaymentStatus } from './booking-payment.entity';
import { formatMinor, optionAmount } from './booking-money';
import { MemberCard } from './member-card.entity';
import { MemberCardsService } from './member-cards.service';
import type { BookingMemberView } from './member-only.guard';

export const BOOKING_PURPOSE = 'booking';

/** What the member's device is told after Accept: what to do next, if anything. */
export interface PayState {
  paymentId: string | null;
  /**
   * succeeded / held / processing: done on this side, the confirmation follows the provider's event;
   * requires_action: 3-D Secure with the client secret; requires_payment_method: the card form.
   * confirmed: a free option, accepted at once.
   */
  status: 'confirmed' | 'succeeded' | 'held' | 'processing' | 'requires_action' | 'requires_payment_method';
  clientSecret: string | null;
  amount: number;
  currency: string;
  card: { brand: string; last4: string } | null;
}

/** A booking's payment, as staff and the member read it. */
export interface BookingView {
  id: string;
  requestId: string;
  optionId: string;
  optionTitle: string;
  amount: number;
  currency: string;
  status: BookingPaymentStatus;
  capture: 'automatic' | 'manual';
  card: { brand: string; last4: string } | null;
  holdExpiresAt: string | null;
  refundedAmount: number;
  failureMessage: string | null;
  receiptUrl: string | null;
  confirmedAt: string | null;
  createdAt: string;
}

export type BookingMessageKind = 'held' | 'released' | 'refunded';

/**
 * Options accepted and paid in one tap. Accept charges the member's saved card (or holds the
 * amount, where staff marked the option 'supplier to confirm'); the request is confirmed only when
 * the provider's event says the money is taken. Amounts come from the option, on the server; one
 * live payment per request (a unique index) makes a second accept, from any device, charge nothing.
 */
@Injectable()
export class BookingsService implements OnModuleInit {
  private readonly logger = new Logger(BookingsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly requests: RequestsService,
    private readonly cards: MemberCardsService,
    private readonly outbox: OutboxService,
    private readonly routes: PaymentEventRoutes,
    private readonly audit: AuditService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.routes.register({
      purpose: BOOKING_PURPOSE,
      owns: async (em, intentId) => (await em.count(BookingPayment, { intentId })) > 0,
      apply: (em, event) => this.applyEvent(em, event),
    });
  }

  /** The member accepts an option: charged (or held) on their saved card, or the card form opens. */
  async pay(member: BookingMemberView, requestId: string, optionId: string): Promise<PayState> {
    const request = await this.memberRequest(member.id, requestId);
    const option = request.options.find((o) => o.id === optionId);
    if (!option) throw AppError.notFound('This option is not on offer.');
    const live = await this.livePayment(requestId);
    if (live && !(await this.abandoned(live, optionId, member.id))) return this.stateOf(live, optionId);
    if (request.status !== 'options_proposed') {
      throw AppError.conflict('This request is no longer open to options.');
    }
    if (option.validUntil && new Date(option.validUntil).getTime() < Date.now()) {
      throw AppError.conflict(
        'This option is no longer available: your concierge can propose it again.',
        'OPTION_EXPIRED',
      );
    }
    const amount = optionAmount(option.price, option.currency);
    if (amount === 0) {
      await this.requests.acceptOption(ownerKey(member.id), requestId, optionId);
      return {
        paymentId: null,
        status: 'confirmed',
        clientSecret: null,
        amount,
        currency: option.currency,
        card: null,
      };
    }
    const card = await this.cards.live(member.id);
    const capture = option.supplierToConfirm ? 'manual' : 'automatic';
    const paymentId = crypto.randomUUID();
    // The unique index on the request's live payment decides between two devices: the second
    // insert does nothing, and that device is answered the first one's state.
    const inserted = await this.em.getConnection().execute<Array<{ id: string }>>(
      `insert into booking_payments (id, request_id, option_id, member_id, recipient_email, card_id, amount, currency, capture)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id`,
      [paymentId, requestId, optionId, member.id, member.email, card?.id ?? null, amount, option.currency, capture],
    );
    if (inserted.length === 0) {
      const winner = await this.livePayment(requestId);
      if (!winner) throw AppError.conflict('This option is being accepted: please try again in a moment.');
      return this.stateOf(winner, optionId);
    }
    const input = {
      amount,
      currency: option.currency,
      idempotencyKey: `booking:${paymentId}`,
      description: option.title,
      captureMethod: capture,
      metadata: {
        purpose: BOOKING_PURPOSE,
        bookingPaymentId: paymentId,
        requestId,
        optionId,
        memberId: member.id,
      },
    } as const;
    let intent: GatewayIntent;
    try {
      intent = card
        ? await this.gateway.chargeSavedCard({
            ...input,
            customerId: card.customerId,
            paymentMethodId: card.paymentMethodId,
          })
        : await this.gateway.createIntent(input);
    } catch (error) {
      await this.fail(paymentId, error instanceof Error ? error.message : 'The payment could not be made.');
      if (error instanceof GatewayError && error.type === 'card_error') {
        throw AppError.paymentRequired(error.message, error.code ?? 'card_declined');
      }
      throw error;
    }
    // The provider's event may have landed first: only a payment still pending takes the intent's word.
    await this.em.getConnection().execute(
      `update booking_payments
          set intent_id = ?, updated_at = now(),
              status = case when status = 'pending' and ? = 'requires_action' then 'requires_action' else status end
        where id = ?`,
      [intent.id, intent.status, paymentId],
    );
    return stateFromIntent(paymentId, intent, card);
  }

  /** The member's bookings, for their option cards (the newest payment of each request). */
  async listForMember(memberId: string): Promise<BookingView[]> {
    const rows = await this.em
      .fork()
      .find(BookingPayment, { memberId }, { orderBy: { createdAt: 'desc' }, limit: 100 });
    return this.views(rows);
  }

  /** A request's payments, newest first (staff). */
  async forRequest(requestId: string): Promise<BookingView[]> {
    await this.requests.get(requestId);
    const rows = await this.em.fork().find(BookingPayment, { requestId }, { orderBy: { createdAt: 'desc' } });
    return this.views(rows);
  }

  /** Staff confirm a held option with the supplier: the amount is taken. */
  async captureHeld(requestId: string): Promise<BookingView[]> {
    const payment = await this.heldPayment(requestId);
    await this.gateway.captureIntent(payment.intentId!, `capture:${payment.id}`);
    await this.audit.recordAlone({
      action: 'booking.capture',
      target: { type: 'request', id: requestId },
      changes: { payment: [payment.id, payment.id], status: ['held', 'captured'] },
    });
    return this.forRequest(requestId);
  }

  /** Staff say the supplier declined: the hold on the member's card is released. */
  async releaseHeld(requestId: string): Promise<BookingView[]> {
    const payment = await this.heldPayment(requestId);
    await this.gateway.cancelIntent(payment.intentId!);
    await this.audit.recordAlone({
      action: 'booking.release',
      target: { type: 'request', id: requestId },
      changes: { payment: [payment.id, payment.id], status: ['held', 'released'] },
    });
    return this.forRequest(requestId);
  }

  /**
   * Staff cancel a booked request: a hold is released; money taken is refunded by the option's
   * terms (in full until its refundable-until time, none after); the request is cancelled.
   */
  async cancelBooking(requestId: string, staffName: string): Promise<BookingView[]> {
    const request = await this.requests.get(requestId);
    const payment = await this.livePayment(requestId);
    const paid = payment?.status === 'succeeded';
    const option = request.options.find((o) => o.id === payment?.optionId);
    const refund = paid ? refundableAmount(payment, option, new Date()) : 0;
    // The request is cancelled first, so what the member hears of the money reads as a cancellation.
    if (request.status !== 'cancelled' && request.status !== 'completed') {
      const note =
        refund > 0
          ? `Cancelled; ${formatMinor(refund, payment!.currency)} refunded to the card.`
          : paid
            ? 'Cancelled after its refundable time: nothing is refunded, as its terms say.'
            : 'Cancelled.';
      await this.requests.setStatus(requestId, 'cancelled', { kind: 'staff', name: staffName }, note);
    }
    if (payment?.status === 'held') await this.gateway.cancelIntent(payment.intentId!);
    if (!paid) {
      await this.audit.recordAlone({
        action: 'booking.cancel',
        target: { type: 'request', id: requestId },
        changes: payment ? { status: [payment.status, 'released'] } : { status: [request.status, 'cancelled'] },
      });
    }
    if (paid) {
      await this.em.fork().transactional(async (em) => {
        const row = await em.findOneOrFail(
          BookingPayment,
          { id: payment.id },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        row.refundRequestedAt ??= new Date();
        await this.audit.record(em, {
          action: 'booking.cancel',
          target: { type: 'request', id: requestId },
          changes: { refund: [0, refund] },
        });
      });
      if (refund > 0) {
        await this.gateway.refund({
          paymentIntentId: payment.intentId!,
          idempotencyKey: `refund:${payment.id}`,
          amount: refund,
        });
      }
    }
    return this.forRequest(requestId);
  }

  /** Holds whose time with the bank nears its end are released (the repeating job). */
  async releaseExpiringHolds(): Promise<number> {
    const due = await this.em
      .fork()
      .find(
        BookingPayment,
        { status: 'held', holdExpiresAt: { $lte: new Date() }, intentId: { $ne: null } },
        { limit: 100 },
      );
    for (const payment of due) {
      await this.gateway.cancelIntent(payment.intentId!).catch((error: unknown) => {
        this.logger.warn(`Could not release the hold of booking ${payment.id}: ${(error as Error).message}`);
      });
    }
    return due.length;
  }

  /** The payment and its request and option, for the confirmation's message and email. */
  async withContext(
    paymentId: string,
  ): Promise<{ payment: BookingPayment; request: UserRequestView; option: RequestOption } | null> {
    const payment = await this.em.fork().findOne(BookingPayment, { id: paymentId });
    if (!payment) return null;
    const request = await this.requests.get(payment.requestId).catch(() => null);
    const option = request?.options.find((o) => o.id === payment.optionId);
    return request && option ? { payment, request, option } : null;
  }

  // --- The provider's events -------------------------------------------------------------

  private async applyEvent(em: EntityManager, event: GatewayEvent): Promise<string> {
    const object = event.data.object as Record<string, unknown>;
    const metadata = (object.metadata ?? {}) as Record<string, string>;
    const intentId = object.object === 'charge' ? String(object.payment_intent) : String(object.id);
    const payment = metadata.bookingPaymentId
      ? await em.findOne(BookingPayment, { id: metadata.bookingPaymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
      : await em.findOne(BookingPayment, { intentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!payment) return 'unknown-payment';
    payment.intentId ??= intentId;
    const waiting = payment.status === 'pending' || payment.status === 'requires_action';
    switch (event.type) {
      case 'payment_intent.amount_capturable_updated': {
        if (!waiting) return 'unchanged';
        payment.status = 'held';
        payment.holdExpiresAt = new Date(Date.now() + this.config.BOOKING_HOLD_HOURS * 3600_000);
        await this.outbox.add(
          em,
          'bookings.tell-member',
          { paymentId: payment.id, kind: 'held' },
          { jobId: `booking-held-${payment.id}` },
        );
        return 'held';
      }
      case 'payment_intent.succeeded': {
        if (payment.status === 'succeeded' || payment.status === 'refunded') return 'unchanged';
        const received = Number(object.amount_received ?? object.amount);
        if (received !== payment.amount || String(object.currency).toUpperCase() !== payment.currency.toUpperCase()) {
          this.logger.error(`Booking ${payment.id}: provider reports ${received} ${String(object.currency)}`);
          return `rejected: amount ${received} does not match ${payment.amount}`;
        }
        payment.status = 'succeeded';
        payment.confirmedAt = new Date();
        payment.holdExpiresAt = null;
        payment.receiptUrl = (await this.gateway.retrieveIntent(intentId))?.receiptUrl ?? null;
        await this.outbox.add(
          em,
          'bookings.confirm',
          { paymentId: payment.id },
          { jobId: `booking-confirm-${payment.id}` },
        );
        return 'applied';
      }
      case 'payment_intent.payment_failed': {
        if (!waiting) return 'unchanged';
        const error = object.last_payment_error as { message?: string } | null;
        payment.status = 'failed';
        payment.failureMessage = error?.message ?? 'The payment could not be made.';
        return 'applied';
      }
      case 'payment_intent.canceled': {
        if (payment.status === 'held') {
          payment.status = 'released';
          payment.holdExpiresAt = null;
          await this.outbox.add(
            em,
            'bookings.tell-member',
            { paymentId: payment.id, kind: 'released' },
            { jobId: `booking-released-${payment.id}` },
          );
          return 'released';
        }
        if (!waiting) return 'unchanged';
        payment.status = 'failed';
        payment.failureMessage = 'The payment was cancelled.';
        return 'applied';
      }
      case 'charge.refunded': {
        const refunded = Number(object.amount_refunded);
        if (!(refunded > payment.refundedAmount)) return 'unchanged';
        payment.refundedAmount = refunded;
        if (refunded >= payment.amount) payment.status = 'refunded';
        await this.outbox.add(
          em,
          'bookings.tell-member',
          { paymentId: payment.id, kind: 'refunded' },
          { jobId: `booking-refunded-${payment.id}-${refunded}` },
        );
        return 'refunded';
      }
      default:
        return 'ignored';
    }
  }

  /**
   * After the money is taken: the request is confirmed. A request cancelled meanwhile cannot be:
   * the payment is refunded in full.
   */
  async confirmRequest(paymentId: string): Promise<'confirmed' | 'refunded' | 'missing'> {
    const found = await this.withContext(paymentId);
    if (!found) return 'missing';
    const { payment, request } = found;
    if (request.status === 'confirmed' && request.acceptedOptionId === payment.optionId) return 'confirmed';
    try {
      await this.requests.acceptOption(ownerKey(payment.memberId), payment.requestId, payment.optionId);
      return 'confirmed';
    } catch (error) {
      if (!(error instanceof AppError && error.kind === 'conflict')) throw error;
      await this.gateway.refund({ paymentIntentId: payment.intentId!, idempotencyKey: `refund:${payment.id}` });
      return 'refunded';
    }
  }

  // --- Reading ----------------------------------------------------------------------------

  private async memberRequest(memberId: string, requestId: string): Promise<UserRequestView> {
    const request = await this.requests.get(requestId);
    if (request.sessionId !== ownerKey(memberId)) throw AppError.notFound('Request not found');
    return request;
  }

  private livePayment(requestId: string): Promise<BookingPayment | null> {
    return this.em.fork().findOne(BookingPayment, { requestId, status: { $in: LIVE_BOOKING_STATUSES } });
  }

  /**
   * A card form opened and left unpaid gives way: to another option, or to the saved card the
   * member has added since. Its intent is cancelled first, so it can never be paid as well.
   */
  private async abandoned(live: BookingPayment, optionId: string, memberId: string): Promise<boolean> {
    if (live.status !== 'pending' || live.cardId || !live.intentId) return false;
    if (live.optionId === optionId && !(await this.cards.live(memberId))) return false;
    const intent = await this.gateway.retrieveIntent(live.intentId);
    if (intent?.status !== 'requires_payment_method') return false;
    await this.gateway.cancelIntent(live.intentId);
    await this.fail(live.id, 'The card form was left for another way to pay.');
    return true;
  }

  private async heldPayment(requestId: string): Promise<BookingPayment> {
    const payment = await this.livePayment(requestId);
    if (payment?.status !== 'held' || !payment.intentId) throw AppError.conflict('This request has no amount on hold.');
    return payment;
  }

  /** What a device is told of a payment already under way: never a second charge. */
  private async stateOf(payment: BookingPayment, optionId: string): Promise<PayState> {
    if (payment.optionId !== optionId) {
      throw AppError.conflict('Another option of this request is already accepted.', 'OPTION_ALREADY_ACCEPTED');
    }
    const card = payment.cardId ? await this.em.fork().findOne(MemberCard, { id: payment.cardId }) : null;
    const intent = payment.intentId ? await this.gateway.retrieveIntent(payment.intentId) : null;
    if (!intent) {
      return {
        paymentId: payment.id,
        status: 'processing',
        clientSecret: null,
        amount: payment.amount,
        currency: payment.currency,
        card: card ? { brand: card.brand, last4: card.last4 } : null,
      };
    }
    return stateFromIntent(payment.id, intent, card);
  }

  private async fail(paymentId: string, message: string): Promise<void> {
    await this.em.getConnection().execute(
      `update booking_payments set status = 'failed', failure_message = ?, updated_at = now()
          where id = ? and status in ('pending', 'requires_action')`,
      [message, paymentId],
    );
  }

  private async views(rows: BookingPayment[]): Promise<BookingView[]> {
    const requestIds = [...new Set(rows.map((r) => r.requestId))];
    const requests = new Map<string, UserRequestView>();
    for (const id of requestIds) {
      const request = await this.requests.get(id).catch(() => null);
      if (request) requests.set(id, request);
    }
    const cardIds = rows.flatMap((r) => (r.cardId ? [r.cardId] : []));
    const cards = cardIds.length ? await this.em.fork().find(MemberCard, { id: { $in: cardIds } }) : [];
    return rows.map((row) => {
      const card = cards.find((c) => c.id === row.cardId);
      return {
        id: row.id,
        requestId: row.requestId,
        optionId: row.optionId,
        optionTitle: requests.get(row.requestId)?.options.find((o) => o.id === row.optionId)?.title ?? '',
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        capture: row.capture,
        card: card ? { brand: card.brand, last4: card.last4 } : null,
        holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
        refundedAmount: row.refundedAmount,
        failureMessage: row.failureMessage ?? null,
        receiptUrl: row.receiptUrl ?? null,
        confirmedAt: row.confirmedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }
}

function ownerKey(memberId: string): string {
  return `member:${memberId}`;
}

/** In full until the option's refundable-until time (always, when it has none); nothing after. */
export function refundableAmount(
  payment: Pick<BookingPayment, 'amount' | 'refundedAmount'>,
  option: Pick<RequestOption, 'refundableUntil'> | undefined,
  now: Date,
): number {
  const until = option?.refundableUntil ? new Date(option.refundableUntil) : null;
  if (until && now.getTime() > until.getTime()) return 0;
  return payment.amount - payment.refundedAmount;
}

function stateFromIntent(
  paymentId: string,
  intent: GatewayIntent,
  card: { brand: string; last4: string } | null,
): PayState {
  const base = {
    paymentId,
    clientSecret: null,
    amount: intent.amount,
    currency: intent.currency.toUpperCase(),
    card: card ? { brand: card.brand, last4: card.last4 } : null,
  };
  switch (intent.status) {
    case 'succeeded':
      return { ...base, status: 'succeeded' };
    case 'requires_capture':
      return { ...base, status: 'held' };
    case 'requires_action':
    case 'requires_confirmation':
      return { ...base, status: 'requires_action', clientSecret: intent.clientSecret };
    case 'requires_payment_method':
      return { ...base, status: 'requires_payment_method', clientSecret: intent.clientSecret };
    default:
      return { ...base, status: 'processing' };
  }
}
