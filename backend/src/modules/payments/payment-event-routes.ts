import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { GatewayEvent } from '../../platform/payments/payment-gateway';

/** Another module's payments: the events of intents (and setups) it made, applied by it. */
export interface PaymentEventRoute {
  /** The `purpose` its intents and setups carry in their metadata. */
  purpose: string;
  /** Whether an intent is its own, for events that carry no metadata (a charge's refund). */
  owns(em: EntityManager, intentId: string): Promise<boolean>;
  /** Applies the event inside the transaction that marks it processed; answers the outcome to keep. */
  apply(em: EntityManager, event: GatewayEvent): Promise<string>;
}

/**
 * Where provider events go: ticket payments stay with the settlement; an event whose intent another
 * module made (its metadata's purpose, or a refund of one of its intents) goes to that module.
 */
@Injectable()
export class PaymentEventRoutes {
  private readonly routes: PaymentEventRoute[] = [];

  register(route: PaymentEventRoute): void {
    this.routes.push(route);
  }

  async routeOf(em: EntityManager, event: GatewayEvent): Promise<PaymentEventRoute | null> {
    const object = event.data.object as Record<string, unknown>;
    const metadata = object.metadata as Record<string, unknown> | null | undefined;
    const purpose = typeof metadata?.purpose === 'string' ? metadata.purpose : null;
    if (purpose) return this.routes.find((route) => route.purpose === purpose) ?? null;
    const intentId = typeof object.payment_intent === 'string' ? object.payment_intent : null;
    if (!intentId) return null;
    for (const route of this.routes) if (await route.owns(em, intentId)) return route;
    return null;
  }
}
