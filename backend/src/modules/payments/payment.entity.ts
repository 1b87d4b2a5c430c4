import { Check, Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Why a refund was asked for: by an administrator; no seat was left when the money arrived; the
 * reservation had changed (other guest count, declined, cancelled) by the time it was paid; or
 * the reservation was already paid by another payment; or the event was cancelled; or the guest
 * declined or lowered the count before the RSVP deadline ('guest_change', also on partial refunds).
 */
const REFUND_REASONS = ['admin', 'no_seat', 'changed', 'duplicate', 'event_cancelled', 'guest_change'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The currencies an event may be priced in (the events module's list; the database checks both). */
const PAYMENT_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF'];

/**
 * A guest's payment for an RSVP. `amount` is in minor units of `currency` (cents; yen have none),
 * computed by the server; `transactionId` is the provider's PaymentIntent id.
 */
@Entity({ tableName: 'payments' })
@Index({
  name: 'payments_rsvp_idx',
  expression: 'create index payments_rsvp_idx on payments (rsvp_id, created_at desc)',
})
@Index({
  name: 'payments_created_at_idx',
  expression: 'create index payments_created_at_idx on payments (created_at desc, id desc)',
})
@Check({ name: 'payments_amount_check', expression: 'amount > 0' })
export class Payment {
  [OptionalProps]?: 'status' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  rsvpId: string;

  @Property({ type: 'integer' })
  amount: number;

  @Enum({ items: PAYMENT_CURRENCIES })
  currency: string;

  @Enum({ items: [...PAYMENT_STATUSES] })
  status: PaymentStatus = 'pending';

  @Property({ type: 'text', nullable: true })
  paymentMethodType?: string | null;

  @Property({ type: 'text', nullable: true, unique: 'payments_transaction_id_key' })
  transactionId?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  paymentDate?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  refundedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  receiptUrl?: string | null;

  /** The provider's message for the last failed attempt. */
  @Property({ type: 'text', nullable: true })
  failureMessage?: string | null;

  @Enum({ items: [...REFUND_REASONS], nullable: true })
  refundReason?: RefundReason | null;

  @Property({ type: 'timestamptz', nullable: true })
  refundRequestedAt?: Date | null;

  /** Why the provider refused the last refund request (the admin may ask again). */
  @Property({ type: 'text', nullable: true })
  refundError?: string | null;

  /** Set when the guest changed their answer while this payment was open: it is never reused. */
  @Property({ type: 'timestamptz', nullable: true })
  supersededAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
