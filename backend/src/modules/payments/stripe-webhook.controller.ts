import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import { StripeEventsService } from './stripe-events.service';

/** Stripe's webhook: verified on the raw body, stored with its outbox row, answered at once. */
@Controller('webhooks')
export class StripeWebhookController {
  constructor(private readonly events: StripeEventsService) {}

  @Post('stripe')
  @HttpCode(200)
  async receive(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature?: string) {
    await this.events.receiveWebhook(req.rawBody, signature);
    return { received: true };
  }
}
