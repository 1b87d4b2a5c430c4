import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { IntentStatus } from './payment-gateway';

/** A payment intent of the offline test gateway (TestPaymentGateway reads and locks it with SQL). */
@Entity({ tableName: 'test_gateway_intents' })
export class TestGatewayIntent {
  [OptionalProps]?: 'description' | 'metadata' | 'refunded' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  id: string;

  @Property({ type: 'text', unique: 'test_gateway_intents_idempotency_key_key' })
  idempotencyKey: string;

  @Property({ type: 'text' })
  clientSecret: string;

  @Property({ type: 'integer' })
  amount: number;

  /** Lower case, as Stripe writes it. */
  @Property({ type: 'text' })
  currency: string;

  @Property({ type: 'text' })
  status: IntentStatus;

  @Property({ type: 'text', default: '' })
  description: string;

  @Property({ type: 'jsonb', defaultRaw: `'{}'` })
  metadata: Record<string, string>;

  @Property({ type: 'text', nullable: true, unique: 'test_gateway_intents_charge_id_key' })
  chargeId?: string | null;

  @Property({ type: 'text', nullable: true })
  paymentMethodType?: string | null;

  @Property({ type: 'text', nullable: true })
  receiptUrl?: string | null;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'boolean', default: false })
  refunded: boolean;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date;
}

/** A refund of a test gateway intent, once per idempotency key. */
@Entity({ tableName: 'test_gateway_refunds' })
export class TestGatewayRefund {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  id: string;

  @Property({ type: 'text', unique: 'test_gateway_refunds_idempotency_key_key' })
  idempotencyKey: string;

  @Property({ type: 'text' })
  paymentIntentId: string;

  @Property({ type: 'integer' })
  amount: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date;
}
