import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { AppError } from '../../common/app-error';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import type { GatewayEvent } from '../../platform/payments/payment-gateway';
import type { PaymentEventSink } from '../../platform/payments/test-gateway';
import { OutboxService } from '../../platform/queue/outbox.service';

/**
 * Accepts provider events: from Stripe's webhook (signature checked) or from the offline test
 * gateway. Either way the event row and its outbox row are written in one transaction; the
 * stripe-webhooks worker applies it later, once.
 */
@Injectable()
export class StripeEventsService implements PaymentEventSink {
  private readonly logger = new Logger(StripeEventsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Stores the event once; answers false when it was already stored (a redelivery). */
  async record(em: EntityManager, event: GatewayEvent): Promise<boolean> {
    const inserted = await em.execute<Array<{ id: string }>>(
      `insert into stripe_events (id, type, payload, received_at) values (?, ?, ?::jsonb, now())
       on conflict (id) do nothing returning id`,
      [event.id, event.type, JSON.stringify(event)],
    );
    if (inserted.length === 0) return false;
    await this.outbox.add(em, 'stripe.event', { eventId: event.id }, { jobId: event.id });
    return true;
  }

  /** Verifies a webhook delivery and records it; a bad signature changes nothing. */
  async receiveWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw AppError.badRequest('Stripe webhooks are not configured on this server');
    if (!rawBody || !signature) throw AppError.badRequest('Missing Stripe signature');
    let event: GatewayEvent;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, secret) as unknown as GatewayEvent;
    } catch {
      throw AppError.badRequest('Invalid Stripe signature');
    }
    if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
      throw AppError.badRequest('Unreadable Stripe event');
    }
    const fresh = await this.em.fork().transactional((em) => this.record(em, event));
    if (!fresh) this.logger.log(`Stripe event ${event.id} delivered again; already recorded`);
  }
}
