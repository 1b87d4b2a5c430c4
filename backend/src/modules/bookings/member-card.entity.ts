import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * A member's saved card: the gateway's customer and payment method, shown as brand and last four.
 * One live card per member; a removed card keeps its row (payments name it) with `removedAt`.
 */
@Entity({ tableName: 'member_cards' })
@Index({
  name: 'member_cards_one_live',
  expression: 'create unique index member_cards_one_live on member_cards (member_id) where removed_at is null',
})
export class MemberCard {
  [OptionalProps]?: 'createdAt' | 'removedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  memberId: string;

  @Property({ type: 'text' })
  customerId: string;

  @Property({ type: 'text', unique: 'member_cards_payment_method_id_key' })
  paymentMethodId: string;

  @Property({ type: 'text' })
  brand: string;

  @Property({ type: 'text' })
  last4: string;

  @Property({ type: 'integer' })
  expMonth: number;

  @Property({ type: 'integer' })
  expYear: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date;

  @Property({ type: 'timestamptz', nullable: true })
  removedAt?: Date | null;
}
