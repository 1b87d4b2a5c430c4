import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Every provider event we accepted, once (the primary key is Stripe's event id). Its effects are
 * applied by the stripe-webhooks worker; `processedAt` makes a second run a no-op.
 */
@Entity({ tableName: 'stripe_events' })
export class StripeEvent {
  [OptionalProps]?: 'receivedAt';

  @PrimaryKey({ type: 'text' })
  id: string;

  @Property({ type: 'text' })
  type: string;

  @Property({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  receivedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  processedAt?: Date | null;

  /** What applying it did: applied, unchanged, unknown-payment, rejected: <why>, ignored. */
  @Property({ type: 'text', nullable: true })
  outcome?: string | null;
}
