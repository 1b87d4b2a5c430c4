import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { PAYMENT_GATEWAY, type GatewayEvent, type PaymentGateway } from '../../platform/payments/payment-gateway';
import { PaymentEventRoutes } from '../payments';
import { MemberCard } from './member-card.entity';
import type { BookingMemberView } from './member-only.guard';

export const CARD_PURPOSE = 'member_card';

export interface CardView {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  createdAt: string;
}

export function cardView(card: MemberCard): CardView {
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    createdAt: card.createdAt.toISOString(),
  };
}

/**
 * A member's saved card: a SetupIntent saves it (the card form, never our server, reads the
 * number), recorded when the setup's event arrives or when the browser says it is done, whichever
 * comes first. One live card per member: a new one replaces the last.
 */
@Injectable()
export class MemberCardsService implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly routes: PaymentEventRoutes,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  onModuleInit(): void {
    this.routes.register({
      purpose: CARD_PURPOSE,
      owns: async () => false,
      apply: (em, event) => this.applyEvent(em, event),
    });
  }

  async live(memberId: string, em: EntityManager = this.em.fork()): Promise<MemberCard | null> {
    return em.findOne(MemberCard, { memberId, removedAt: null });
  }

  async list(memberId: string): Promise<CardView[]> {
    const card = await this.live(memberId);
    return card ? [cardView(card)] : [];
  }

  /** Starts saving a card: the client secret of a SetupIntent for the card form. */
  async startSetup(member: BookingMemberView): Promise<{ setupIntentId: string; clientSecret: string }> {
    const customerId = await this.customerOf(member);
    const setup = await this.gateway.createSetup({
      customerId,
      idempotencyKey: `card-setup:${member.id}:${crypto.randomUUID()}`,
      metadata: { purpose: CARD_PURPOSE, memberId: member.id },
    });
    return { setupIntentId: setup.id, clientSecret: setup.clientSecret };
  }

  /** The browser's word that the card form finished: recorded now if the provider agrees. */
  async confirmSetup(memberId: string, setupIntentId: string): Promise<CardView[]> {
    const setup = await this.gateway.retrieveSetup(String(setupIntentId).slice(0, 200));
    if (!setup || setup.metadata.memberId !== memberId) throw AppError.notFound('This card setup was not found.');
    if (setup.status !== 'succeeded' || !setup.paymentMethodId) {
      throw AppError.conflict('The card has not been saved yet: please complete the card form.');
    }
    await this.em.fork().transactional((em) => this.record(em, memberId, setup.customerId, setup.paymentMethodId!));
    return this.list(memberId);
  }

  async remove(memberId: string, cardId: string): Promise<void> {
    const em = this.em.fork();
    const card = await em.findOne(MemberCard, { id: cardId, memberId, removedAt: null });
    if (!card) throw AppError.notFound('This card was not found.');
    card.removedAt = new Date();
    await em.flush();
    await this.gateway.detachCard(card.paymentMethodId).catch(() => undefined);
  }

  private async applyEvent(em: EntityManager, event: GatewayEvent): Promise<string> {
    if (event.type !== 'setup_intent.succeeded') return 'ignored';
    const object = event.data.object as Record<string, unknown>;
    const memberId = (object.metadata as Record<string, string>).memberId;
    const paymentMethod = typeof object.payment_method === 'string' ? object.payment_method : null;
    const customer = typeof object.customer === 'string' ? object.customer : null;
    if (!memberId || !paymentMethod || !customer) return 'rejected: setup without a card';
    return this.record(em, memberId, customer, paymentMethod);
  }

  /** Keeps the card once (the event and the browser may both report it); it replaces the last one. */
  private async record(em: EntityManager, memberId: string, customerId: string, paymentMethodId: string) {
    const known = await em.findOne(MemberCard, { paymentMethodId });
    if (known) return 'unchanged';
    const card = await this.gateway.retrieveCard(paymentMethodId);
    if (!card) return 'rejected: unknown payment method';
    // One live card per member: a lock per member while the old one is set aside.
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`member-card:${memberId}`]);
    if (await em.findOne(MemberCard, { paymentMethodId }, { refresh: true })) return 'unchanged';
    await em.nativeUpdate(MemberCard, { memberId, removedAt: null }, { removedAt: new Date() });
    em.create(MemberCard, {
      memberId,
      customerId,
      paymentMethodId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    });
    await em.flush();
    return 'applied';
  }

  /** The member's customer at the provider: the one their last card was saved under, else a new one. */
  private async customerOf(member: BookingMemberView): Promise<string> {
    const last = await this.em.fork().findOne(MemberCard, { memberId: member.id }, { orderBy: { createdAt: 'desc' } });
    if (last) return last.customerId;
    return this.gateway.createCustomer({
      email: member.email,
      name: member.name,
      idempotencyKey: `customer:${member.id}`,
      metadata: { memberId: member.id },
    });
  }
}
