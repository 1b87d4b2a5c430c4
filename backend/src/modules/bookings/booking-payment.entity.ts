import { Check, Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export const BOOKING_PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'held',
  'succeeded',
  'failed',
  'released',
  'refunded',
] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

/** A payment that still stands for its request: another accept finds it instead of charging. */
export const LIVE_BOOKING_STATUSES: BookingPaymentStatus[] = ['pending', 'requires_action', 'held', 'succeeded'];

export const CAPTURE_METHODS = ['automatic', 'manual'] as const;

/**
 * The payment of an option a member accepted. `amount` is in minor units, taken from the option
 * on the server; `intentId` is the provider's PaymentIntent. The status moves only on the
 * provider's events (webhooks), except a decline answered at once.
 */
@Entity({ tableName: 'booking_payments' })
@Index({
  name: 'booking_payments_one_live',
  expression: `create unique index booking_payments_one_live on booking_payments (request_id)
                   where status in ('pending', 'requires_action', 'held', 'succeeded')`,
})
@Index({
  name: 'booking_payments_member_idx',
  expression: 'create index booking_payments_member_idx on booking_payments (member_id, created_at desc)',
})
@Index({
  name: 'booking_payments_holds_idx',
  expression: `create index booking_payments_holds_idx on booking_payments (hold_expires_at) where status = 'held'`,
})
@Check({ name: 'booking_payments_amount_check', expression: 'amount > 0' })
export class BookingPayment {
  [OptionalProps]?: 'status' | 'refundedAmount' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  requestId: string;

  @Property({ type: 'text' })
  optionId: string;

  @Property({ type: 'uuid' })
  memberId: string;

  /** Where the confirmation goes: the member's address when they accepted. */
  @Property({ type: 'text' })
  recipientEmail: string;

  @Property({ type: 'uuid', nullable: true })
  cardId?: string | null;

  @Property({ type: 'integer' })
  amount: number;

  @Property({ type: 'text' })
  currency: string;

  @Enum({ items: [...BOOKING_PAYMENT_STATUSES], default: 'pending' })
  status: BookingPaymentStatus = 'pending';

  @Enum({ items: [...CAPTURE_METHODS] })
  capture: (typeof CAPTURE_METHODS)[number];

  @Property({ type: 'text', nullable: true, unique: 'booking_payments_intent_id_key' })
  intentId?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  holdExpiresAt?: Date | null;

  @Property({ type: 'integer', default: 0 })
  refundedAmount: number = 0;

  @Property({ type: 'timestamptz', nullable: true })
  refundRequestedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  failureMessage?: string | null;

  @Property({ type: 'text', nullable: true })
  receiptUrl?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  confirmedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date;
}
