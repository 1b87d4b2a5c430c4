import { Check, Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { RefundReason } from './payment.entity';

/**
 * A partial refund of a payment (a guest lowered their count): a financial record, never
 * deleted. Written and summed with SQL in PaymentSettlementService and PaymentsService.
 */
@Entity({ tableName: 'payment_refunds' })
@Index({ name: 'payment_refunds_payment_id_index', properties: ['paymentId'] })
@Check({ name: 'payment_refunds_amount_check', expression: 'amount > 0' })
export class PaymentRefund {
  [OptionalProps]?: 'id' | 'requestedAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string;

  @Property({ type: 'uuid' })
  paymentId: string;

  /** In minor units of the payment's currency. */
  @Property({ type: 'integer' })
  amount: number;

  @Property({ type: 'text' })
  reason: RefundReason;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  requestedAt: Date;

  @Property({ type: 'timestamptz', nullable: true })
  refundedAt?: Date | null;

  /** Why the provider refused it. */
  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date;
}
