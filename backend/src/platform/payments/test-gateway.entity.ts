import { Entity, Enum, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { CaptureMethod, GatewaySetup, IntentStatus } from './payment-gateway';

/** A payment intent of the offline test gateway (TestPaymentGateway reads and locks it with SQL). */
@Entity({ tableName: 'test_gateway_intents' })
export class TestGatewayIntent {
  [OptionalProps]?: 'description' | 'metadata' | 'refunded' | 'captureMethod' | 'createdAt' | 'updatedAt';

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

  @Property({ type: 'text', default: 'automatic' })
  captureMethod: CaptureMethod;

  @Property({ type: 'text', nullable: true })
  customerId?: string | null;

  @Property({ type: 'text', nullable: true })
  paymentMethodId?: string | null;

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

/** A card saved through a test SetupIntent; its behaviour comes from the test card's number. */
@Entity({ tableName: 'test_gateway_payment_methods' })
export class TestGatewayPaymentMethod {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  id: string;

  /** Null once detached. */
  @Property({ type: 'text', nullable: true })
  customerId?: string | null;

  @Property({ type: 'text' })
  brand: string;

  @Property({ type: 'text' })
  last4: string;

  @Property({ type: 'integer' })
  expMonth: number;

  @Property({ type: 'integer' })
  expYear: number;

  @Enum({ items: ['succeeds', 'authenticates', 'declines'] })
  behaviour: 'succeeds' | 'authenticates' | 'declines';

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date;
}

/** A SetupIntent of the test gateway: a card form that saves a card without taking money. */
@Entity({ tableName: 'test_gateway_setup_intents' })
export class TestGatewaySetupIntent {
  [OptionalProps]?: 'metadata' | 'createdAt';

  @PrimaryKey({ type: 'text' })
  id: string;

  @Property({ type: 'text' })
  clientSecret: string;

  @Property({ type: 'text' })
  customerId: string;

  @Property({ type: 'text' })
  status: GatewaySetup['status'];

  @Property({ type: 'text', nullable: true })
  paymentMethodId?: string | null;

  @Property({ type: 'jsonb', defaultRaw: `'{}'` })
  metadata: Record<string, string>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date;
}
